import { describe, expect, it } from "vitest";
import { formatUsPhone, usPhonePattern } from "./us-phone.ts";

describe("formatUsPhone", () => {
  it.each([
    ["", ""],
    ["5", "(5"],
    ["555", "(555"],
    ["5550", "(555) 0"],
    ["555010", "(555) 010"],
    ["5550100", "(555) 010-0"],
    ["5550100199", "(555) 010-0199"],
    ["555.010.0199", "(555) 010-0199"],
    ["+1 555 010 0199", "(555) 010-0199"],
    ["55501001999999", "(555) 010-0199"],
    ["abc", ""],
  ])("formats %j as %j", (raw, formatted) => {
    expect(formatUsPhone(raw)).toBe(formatted);
  });

  it("produces the spec's pattern once ten digits are typed", () => {
    expect(usPhonePattern.test(formatUsPhone("5550100199"))).toBe(true);
    expect(usPhonePattern.test(formatUsPhone("555010019"))).toBe(false);
  });
});
