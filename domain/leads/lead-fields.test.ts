import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { entitiesText, equipmentText } from "./kinds/calculator.ts";
import { vendorContactFields } from "./kinds/vendor-contact.ts";
import { fieldValues, flagsAsText, formatLeadField, shortenAtWord } from "./lead-fields.ts";
import { leadFieldLabels } from "./lead-kinds.ts";
import { leadTypes } from "./lead-inbox.ts";

describe("lead fields", () => {
  it("labels every field of every kind in words, never its key", () => {
    for (const type of leadTypes) {
      for (const [key, spec] of Object.entries(leadFieldLabels[type])) {
        expect(spec.label, `${type}.${key}`).not.toBe(key);
        expect(spec.label, `${type}.${key}`).toMatch(/^[A-Z]/);
      }
    }
  });

  it("writes values by their format, dates in the business time zone", () => {
    const zone = "America/Los_Angeles";
    expect(formatLeadField(185000, "money", zone)).toBe("$185,000.00");
    expect(formatLeadField(true, "yesNo", zone)).toBe("Yes");
    expect(formatLeadField(false, "yesNo", zone)).toBe("No");
    expect(formatLeadField(36, "months", zone)).toBe("36 months");
    expect(formatLeadField(9.5, "percent", zone)).toBe("9.5%");
    expect(formatLeadField("2015-04-01", "date", zone)).toBe("Apr 1, 2015");
    // 02:30 UTC on the 4th is the evening of the 3rd in California.
    expect(formatLeadField("2026-03-04T02:30:00.000Z", "dateTime", zone)).toMatch(/^Mar 3, 2026, 6:30\sPM PST$/);
    expect(formatLeadField(null, "money", zone)).toBe("—");
    expect(formatLeadField("", "text", zone)).toBe("—");
  });

  it("reads a kind's values from the stored row in the kind's order, derived ones given", () => {
    const row = {
      id: "x",
      email: "tom@valley.example",
      phoneNumber: "(559) 555-0110",
      contactName: "Tom",
      businessName: "Valley Heavy",
    };
    const values = fieldValues(vendorContactFields, row, { contactName: "Tom Becker" });
    expect(values).toEqual({
      businessName: "Valley Heavy",
      contactName: "Tom Becker",
      phoneNumber: "(559) 555-0110",
      email: "tom@valley.example",
    });
    expect(Object.keys(values)).toEqual(Object.keys(vendorContactFields.labels));
  });

  it("names the set flags in order", () => {
    expect(equipmentText({ clicksleeperButton: true, clickedNew: true, clickusedButton: false })).toBe("New, Sleeper");
    expect(entitiesText({ llcpartPositive: true })).toBe("LLC");
    expect(flagsAsText({ b: true, a: true, c: false }, { a: "A", b: "B", c: "C" })).toBe("A, B");
  });

  it("shortens at a word, with an ellipsis, and keeps a short text whole", () => {
    expect(shortenAtWord("Do you finance used washers?", 80)).toBe("Do you finance used washers?");
    expect(shortenAtWord("Do you finance used washers and dryers for a laundromat?", 30)).toBe(
      "Do you finance used washers…",
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 10, max: 200 }), (text, max) => {
        const short = shortenAtWord(text, max);
        const flat = text.replace(/\s+/g, " ").trim();
        if (flat.length <= max) {
          expect(short).toBe(flat);
        } else {
          expect(short.endsWith("…")).toBe(true);
          expect(short.length).toBeLessThanOrEqual(max + 1);
          expect(flat.startsWith(short.slice(0, -1))).toBe(true);
        }
      }),
    );
  });
});
