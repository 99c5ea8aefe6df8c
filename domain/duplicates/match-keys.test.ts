import { describe, expect, it } from "vitest";
import {
  matchKindLabels,
  matchValues,
  normaliseEmail,
  normalisePhone,
  normaliseSsn,
  normaliseTaxId,
} from "./match-keys.ts";

describe("what duplicates are compared on", () => {
  it("compares e-mails without case or surrounding space", () => {
    expect(normaliseEmail("  Office@GranitePeak.Example ")).toBe("office@granitepeak.example");
    expect(normaliseEmail(null)).toBe("");
  });

  it("compares phones by their ten digits, with or without a country code", () => {
    expect(normalisePhone("(559) 555-0142")).toBe("5595550142");
    expect(normalisePhone("+1 559.555.0142")).toBe("5595550142");
    expect(normalisePhone("559-555-014")).toBe("");
    expect(normalisePhone(undefined)).toBe("");
  });

  it("compares tax ids by their nine digits", () => {
    expect(normaliseTaxId("98-7654321")).toBe("987654321");
    expect(normaliseTaxId("987654321")).toBe("987654321");
    expect(normaliseTaxId("98-76543")).toBe("");
  });

  it("names each value by its kind, so an e-mail never matches a phone", () => {
    expect(matchValues({ taxId: "98-7654321", email: "A@B.example", phone: "(559) 555-0142" })).toEqual([
      { kind: "tax-id", value: "tax-id:987654321" },
      { kind: "email", value: "email:a@b.example" },
      { kind: "phone", value: "phone:5595550142" },
    ]);
    expect(matchValues({ email: "" })).toEqual([]);
  });

  it("matches an owner's SSN, home phone and home e-mail, each once, and calls each the same owner", () => {
    expect(normaliseSsn("531-86-4207")).toBe("531864207");
    expect(normaliseSsn("531-86-420")).toBe("");
    const owners = [
      { ssn: "531-86-4207", phone: "(559) 555-0177", email: "Maria@GranitePeak.example" },
      { ssn: "612 49 3378", phone: "559-555-0177", email: "" },
    ];
    expect(matchValues({ email: "office@granitepeak.example", owners })).toEqual([
      { kind: "email", value: "email:office@granitepeak.example" },
      { kind: "owner-ssn", value: "owner-ssn:531864207" },
      { kind: "owner-phone", value: "owner-phone:5595550177" },
      { kind: "owner-email", value: "owner-email:maria@granitepeak.example" },
      { kind: "owner-ssn", value: "owner-ssn:612493378" },
    ]);
    for (const kind of ["owner-ssn", "owner-phone", "owner-email"] as const)
      expect(matchKindLabels[kind]).toMatch(/^same owner/);
  });
});
