import { describe, expect, it } from "vitest";
import { matchValues, normaliseEmail, normalisePhone, normaliseTaxId } from "./match-keys.ts";

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
});
