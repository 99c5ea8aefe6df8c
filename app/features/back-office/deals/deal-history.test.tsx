import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DealHistory } from "./deal-history.tsx";

describe("the back office's deal history", () => {
  it("reads a tier change from Not rated as the form and the vendor's mail do", () => {
    const html = renderToStaticMarkup(
      <DealHistory
        history={[
          { at: "2026-03-04T17:00:00.000Z", actor: "credit@lender.example", field: "dealScore", from: "0", to: "3" },
        ]}
      />,
    );
    expect(html).toContain("changed Credit tier from “Not rated” to “A credit”");
  });
});
