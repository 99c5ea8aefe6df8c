import { describe, expect, it } from "vitest";
import { defaultAgreementTemplates } from "./default-templates.ts";
import { checkTemplateBody, fillTemplate, mergeValues } from "./merge-fields.ts";
import { agreementDocumentKinds, agreementDocumentLabels } from "./package-shapes.ts";
import { samplePackageFacts } from "./sample-package-facts.ts";

const guaranteed = { ...samplePackageFacts, guarantor: { name: "Morgan T. Lee", email: "morgan@x.example" } };

describe("the built-in agreement templates", () => {
  it.each(agreementDocumentKinds)("%s: every merge field known, and none left once filled", (kind) => {
    const template = defaultAgreementTemplates[kind];
    expect(template.title.toLowerCase()).toContain(agreementDocumentLabels[kind].split(" ")[0]!.toLowerCase());
    expect(checkTemplateBody(template.body)).toBeNull();
    const filled = fillTemplate(template.body, mergeValues(guaranteed));
    expect(filled).not.toContain("{{");
    expect(filled).not.toContain("}}");
    expect(filled).toContain("KEC-24117");
    expect(filled).not.toContain("not stated");
  });

  it("is paragraphs separated by one blank line, headings starting with ## ", () => {
    for (const { body } of Object.values(defaultAgreementTemplates)) {
      expect(body).not.toMatch(/\n{3,}/);
      for (const paragraph of body.split("\n\n")) {
        expect(paragraph.trim()).toBe(paragraph);
        expect(paragraph).not.toContain("\n");
        if (paragraph.startsWith("#")) expect(paragraph).toMatch(/^## \S/);
      }
    }
  });

  it("says what each kind must say", () => {
    const filled = (kind: keyof typeof defaultAgreementTemplates) =>
      fillTemplate(defaultAgreementTemplates[kind].body, mergeValues(guaranteed));
    const agreement = filled("equipment-finance-agreement");
    for (const words of [
      "Keystone Equipment Capital",
      "Lakeside Auto Body LLC",
      "48 consecutive monthly payments of $1,122.35",
      "8.99%",
      "security interest",
      "Events of default",
      "the laws of the State of Pennsylvania",
      "TRIAL BY JURY",
    ])
      expect(agreement).toContain(words);
    const lease = filled("lease-agreement");
    for (const words of ["Lessor", "Lessee", "fair market value", "true lease", "Article 2A"])
      expect(lease).toContain(words);
    const guaranty = filled("personal-guaranty");
    for (const words of [
      "Morgan T. Lee",
      "absolutely, unconditionally and irrevocably guarantees",
      "not of collection",
    ])
      expect(guaranty).toContain(words);
    expect(filled("delivery-and-acceptance")).toContain("accepts it unconditionally and irrevocably");
    const ach = filled("ach-debit-authorization");
    for (const words of ["Nacha Operating Rules", "revoked", "3 business days", "$1,122.35"])
      expect(ach).toContain(words);
  });
});
