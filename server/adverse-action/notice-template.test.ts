import { describe, expect, it } from "vitest";
import { defaultBrand } from "#domain/site/brand.ts";
import type { NoticeSubject } from "./notice-subject.ts";
import { fillNoticeTemplate, noticeTemplate } from "./notice-template.ts";
import { noticeBlocks, noticeFields } from "./write-notice.ts";

const subject: NoticeSubject = {
  type: "credit-application",
  id: "00000000-0000-4000-8000-000000000001",
  declined: true,
  decision: "declined",
  businessName: "Granite Peak Excavation LLC",
  applicantName: "Maria Lopez",
  applicantAddress: "42 Quarry Road\nFresno, CA 93650",
  recipient: "office@granitepeak.example",
  recipientSource: "application",
  recipientProblem: null,
  receivedOn: "2026-03-01",
  completedOn: "2026-03-01",
  decidedOn: "2026-03-04",
  noticeSentOn: null,
  reference: "",
};

const texts = (value: unknown): string[] =>
  typeof value === "string" ? [value] : Array.isArray(value) ? value.flatMap(texts) : [];

describe("the notice template", () => {
  it("fills every placeholder of every sentence from the brand and the file", () => {
    const fields = noticeFields(defaultBrand, subject, "2026-03-05");
    for (const text of Object.values(noticeTemplate).flatMap(texts)) {
      const filled = fillNoticeTemplate(text, fields);
      expect(filled).not.toMatch(/\{[A-Za-z]+\}/);
    }
    expect(Object.values(fields).every((value) => typeof value === "string")).toBe(true);
  });

  it("refuses a placeholder it does not know, rather than printing it", () => {
    expect(() => fillNoticeTemplate("Dear {applicantNmae}", noticeFields(defaultBrand, subject, "2026-03-05"))).toThrow(
      "{applicantNmae}",
    );
  });

  it("states the action, the reasons or the right to request them within 60 days, and the ECOA notice naming the regulator", () => {
    const fields = noticeFields(defaultBrand, subject, "2026-03-05");
    const withReasons = noticeBlocks(fields, { statement: "reasons", reasons: ["bankruptcy"], otherReason: "" })
      .map((block) => ("text" in block ? block.text : ""))
      .join("\n");
    expect(withReasons).toContain("we cannot grant credit to Granite Peak Excavation LLC");
    expect(withReasons).toContain("- Bankruptcy");
    expect(withReasons).toContain("Equal Credit Opportunity Act prohibits creditors from discriminating");
    expect(withReasons).toContain("[Federal regulator name and address]");
    expect(withReasons).toContain("Mar 4, 2026");
    const rightToRequest = noticeBlocks(fields, { statement: "right-to-request", reasons: [], otherReason: "" })
      .map((block) => ("text" in block ? block.text : ""))
      .join("\n");
    expect(rightToRequest).toContain("within 60 days from the date of this notice");
    expect(rightToRequest).not.toContain("Principal reason");
  });
});
