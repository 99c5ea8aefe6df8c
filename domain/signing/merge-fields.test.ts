import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkTemplateBody,
  fillTemplate,
  mergeFieldNames,
  mergeValues,
  notStated,
  type MergeFieldName,
} from "./merge-fields.ts";
import { samplePackageFacts } from "./sample-package-facts.ts";

describe("mergeValues", () => {
  it("formats the facts as a document reads them: money from cents, the rate, the term, dates", () => {
    expect(mergeValues(samplePackageFacts)).toMatchObject({
      date: "Nov 27, 2026",
      "lender.name": "Keystone Equipment Capital",
      "lender.governingLaw": "the laws of the State of Pennsylvania",
      "deal.accountNumber": "KEC-24117",
      "deal.program": "Equipment finance",
      "business.name": "Lakeside Auto Body LLC",
      "vendor.name": "Allegheny Shop Equipment Inc.",
      "equipment.cost": "$48,500.00",
      "approval.amount": "$45,000.00",
      "approval.term": "48 months",
      "approval.termMonths": "48",
      "approval.payment": "$1,122.35",
      "approval.totalOfPayments": "$53,872.80",
      "approval.rate": "8.99%",
      "approval.downPayment": "$3,500.00",
      "approval.fees": "$395.00",
      "approval.expiresOn": "Dec 27, 2026",
      "signer.name": "Dana R. Whitfield",
      "signer.title": "Managing Member",
      "guarantor.name": notStated,
    });
  });

  it("has a value for every listed field and no other", () => {
    expect(Object.keys(mergeValues(samplePackageFacts)).sort()).toEqual(Object.keys(mergeFieldNames).sort());
    for (const description of Object.values(mergeFieldNames)) expect(description).not.toContain("\n");
  });

  it("says what is missing rather than printing null", () => {
    const values = mergeValues({
      ...samplePackageFacts,
      vendor: null,
      guarantor: { name: "Morgan Lee", email: "morgan@x.example" },
      approval: { ...samplePackageFacts.approval, termMonths: null, paymentCents: null, rateBasisPoints: null },
    });
    expect(values).toMatchObject({
      "vendor.name": notStated,
      "approval.term": notStated,
      "approval.payment": notStated,
      "approval.totalOfPayments": notStated,
      "approval.rate": notStated,
      "guarantor.name": "Morgan Lee",
    });
    expect(
      mergeValues({ ...samplePackageFacts, approval: { ...samplePackageFacts.approval, termMonths: 1 } }),
    ).toMatchObject({ "approval.term": "1 month" });
  });

  it.each([
    ["100 Main St, Austin, TX 78701", "the laws of the State of Texas"],
    ["1 K St NW, Washington, DC 20005-1234", "the laws of the District of Columbia"],
    ["Somewhere without a state", "the laws of the state of the Lender's principal office"],
    ["1 Main St, Nowhere, ZZ 12345", "the laws of the state of the Lender's principal office"],
  ])("governing law from %s", (address, expected) => {
    const facts = { ...samplePackageFacts, lender: { ...samplePackageFacts.lender, address } };
    expect(mergeValues(facts)["lender.governingLaw"]).toBe(expected);
  });
});

describe("fillTemplate", () => {
  it("replaces each known field, spaces inside the braces allowed, and leaves unknown ones as written", () => {
    const values = mergeValues(samplePackageFacts);
    expect(fillTemplate("{{business.name}} owes {{ approval.amount }} to {{lender.name}}.", values)).toBe(
      "Lakeside Auto Body LLC owes $45,000.00 to Keystone Equipment Capital.",
    );
    expect(fillTemplate("{{nope}} and {{constructor}}", values)).toBe("{{nope}} and {{constructor}}");
  });

  it("never lets a value's own braces become a field", () => {
    const values = { ...mergeValues(samplePackageFacts), "business.name": "{{lender.name}}" };
    expect(fillTemplate("{{business.name}}", values)).toBe("{{lender.name}}");
  });
});

describe("checkTemplateBody", () => {
  it.each([
    ["Plain text, no fields.", null],
    ["{{business.name}} and {{ date }}; a single { or } is text.", null],
    ["Pay {{approval.amont}} now.", "Unknown merge field {{approval.amont}}: use one of the fields listed"],
    ["Hello {{business.name", 'The merge field "{{business.name" is not closed with "}}"'],
    ["{{business.name\n}}", 'The merge field "{{business.name" is not closed with "}}"'],
    ["{{business.name and {{date}}", 'The merge field "{{business.name and {{date}}" is not closed with "}}"'],
    ["Bad }} here", '"}}" without "{{" before it, near "Bad }}"'],
    ["{{date}}}} x", '"}}" without "{{" before it, near "{{date}}}}"'],
    ["{{}}", 'An empty merge field "{{}}": write the name of a field between the braces'],
    ["{{{date}}}", 'The merge field "{{{date}}" has a brace inside it'],
    ["{{toString}}", "Unknown merge field {{toString}}: use one of the fields listed"],
  ])("%j -> %j", (body, message) => {
    expect(checkTemplateBody(body)).toBe(message);
  });

  it("names the first problem of several", () => {
    expect(checkTemplateBody("{{date}} {{one}} {{two}}")).toBe(
      "Unknown merge field {{one}}: use one of the fields listed",
    );
  });

  const names = Object.keys(mergeFieldNames) as MergeFieldName[];
  const text = fc.string().map((value) => value.replace(/[{}]/g, ""));

  it("passes any text with known fields, and filling it leaves no braces of a field", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(text, fc.constantFrom(...names))), text, (parts, tail) => {
        const body = parts.map(([before, name]) => `${before}{{${name}}}`).join("") + tail;
        expect(checkTemplateBody(body)).toBeNull();
        expect(fillTemplate(body, mergeValues(samplePackageFacts))).not.toContain("{{");
      }),
    );
  });

  it("refuses any body with a field that is not listed", () => {
    fc.assert(
      fc.property(text, fc.stringMatching(/^[a-z]+(\.[a-zA-Z]+)?$/), (before, name) => {
        fc.pre(!Object.hasOwn(mergeFieldNames, name));
        expect(checkTemplateBody(`${before}{{${name}}}`)).toBe(
          `Unknown merge field {{${name}}}: use one of the fields listed`,
        );
      }),
    );
  });
});
