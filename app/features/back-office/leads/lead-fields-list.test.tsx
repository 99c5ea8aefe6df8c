import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { creditApplicationOwnerFields } from "#domain/leads/kinds/credit-application.ts";
import type { FieldSpec } from "#domain/leads/lead-fields.ts";
import { leadFieldLabels } from "#domain/leads/lead-kinds.ts";
import { leadTypes } from "#domain/leads/lead-inbox.ts";

// The list writes instants in the brand's time zone (app/lib/public-config.ts, fixed at build time).
(globalThis as { __PUBLIC_CONFIG__?: unknown }).__PUBLIC_CONFIG__ = { brand: { timeZone: "America/Los_Angeles" } };
const { LeadFieldsList } = await import("./lead-fields-list.tsx");

const sampleByFormat: Record<NonNullable<FieldSpec["format"]> | "text", string | number | boolean> = {
  text: "Some text",
  money: 185000.5,
  percent: 9.5,
  months: 36,
  yesNo: true,
  date: "2015-04-01",
  dateTime: "2026-03-04T02:30:00.000Z",
};

/** A value for each field by its format; every third field empty, to show how a missing value reads. */
const valuesFor = (labels: Record<string, FieldSpec>) =>
  Object.fromEntries(
    Object.entries(labels).map(([key, spec], index) => [
      key,
      index % 3 === 2 ? null : sampleByFormat[spec.format ?? "text"],
    ]),
  );

describe("a lead's fields on its page", () => {
  it("lists each kind's fields, labels, order and written values the same, byte for byte", async () => {
    const pages = leadTypes.map(
      (type) =>
        `${type}:\n${renderToStaticMarkup(<LeadFieldsList values={valuesFor(leadFieldLabels[type])} labels={leadFieldLabels[type]} />)}`,
    );
    pages.push(
      `credit-application owner:\n${renderToStaticMarkup(<LeadFieldsList values={valuesFor(creditApplicationOwnerFields.labels)} labels={creditApplicationOwnerFields.labels} />)}`,
    );
    await expect(pages.join("\n\n").replace(/></g, ">\n<")).toMatchFileSnapshot(
      "./__snapshots__/lead-fields-list.html.txt",
    );
  });
});
