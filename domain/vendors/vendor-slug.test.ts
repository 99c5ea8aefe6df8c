import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slugFromName, slugWithCode, vendorSlug, vendorSlugPattern } from "./vendor-slug.ts";

describe("slugFromName", () => {
  it.each([
    ["Ola Equipment", "ola-equipment"],
    ["  DELTA  dredging CO.", "delta-dredging-co"],
    ["A&B Tractors, Inc.", "a-b-tractors-inc"],
    ["Café Ovens", "caf-ovens"],
    ["---", "company"],
    ["北京", "company"],
  ])("%s -> %s", (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });

  it("keeps at most 50 characters and never ends on a hyphen", () => {
    expect(slugFromName(`${"a".repeat(49)} bcd`)).toBe("a".repeat(49));
  });

  it("always gives a slug staff could have typed", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (name) => {
        const slug = slugFromName(name);
        expect(slug).toMatch(vendorSlugPattern);
        expect(slug.length).toBeLessThanOrEqual(50);
        expect(vendorSlug.safeParse(slug).success).toBe(true);
      }),
    );
  });

  it("appends the company code to a taken slug", () => {
    expect(slugWithCode("ola-equipment", "123456")).toBe("ola-equipment-123456");
  });
});

describe("vendorSlug (staff edits)", () => {
  it("lower-cases and trims what is typed", () => {
    expect(vendorSlug.parse("  Ola-Equipment ")).toBe("ola-equipment");
  });
  it.each(["", "ola equipment", "ola--equipment", "-ola", "ola-", "ola_equipment", "a".repeat(51)])(
    "refuses %j",
    (typed) => {
      expect(vendorSlug.safeParse(typed).success).toBe(false);
    },
  );
});
