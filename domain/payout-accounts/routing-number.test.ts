import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isValidRoutingNumber,
  routingCheckDigit,
  routingPrefixAssigned,
  routingWeightedSum,
} from "./routing-number.ts";

const digit = fc.integer({ min: 0, max: 9 });
const assignedPrefix = fc.oneof(
  fc.integer({ min: 0, max: 12 }),
  fc.integer({ min: 21, max: 32 }),
  fc.integer({ min: 61, max: 72 }),
  fc.constant(80),
);
const unassignedPrefix = fc
  .integer({ min: 0, max: 99 })
  .filter(
    (prefix) => !(prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80),
  );
const two = (prefix: number) => String(prefix).padStart(2, "0");
/** Eight digits starting with an assigned prefix; the ninth is the check digit. */
const validRouting = fc.tuple(assignedPrefix, fc.array(digit, { minLength: 6, maxLength: 6 })).map(([prefix, rest]) => {
  const firstEight = `${two(prefix)}${rest.join("")}`;
  return `${firstEight}${routingCheckDigit(firstEight)}`;
});

describe("ABA routing numbers", () => {
  it("accepts real banks' routing numbers", () => {
    // Published routing numbers: JPMorgan Chase (NY), Bank of America (CA), Wells Fargo (MN), a credit union (thrift range).
    for (const routing of ["021000021", "121000358", "091000019", "322271627", "011000015"])
      expect(isValidRoutingNumber(routing), routing).toBe(true);
  });

  it("accepts every number built with the check digit and an assigned prefix", () => {
    fc.assert(fc.property(validRouting, (routing) => isValidRoutingNumber(routing)));
  });

  it("refuses any single mistyped digit", () => {
    fc.assert(
      fc.property(
        validRouting,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (routing, at, shift) => {
          const changed = (Number(routing[at]) + shift) % 10;
          const typo = `${routing.slice(0, at)}${changed}${routing.slice(at + 1)}`;
          // Weights 3, 7 and 1 are prime to 10: a changed digit always changes the sum's last digit.
          expect(routingWeightedSum(typo) % 10).not.toBe(0);
          expect(isValidRoutingNumber(typo)).toBe(false);
        },
      ),
    );
  });

  it("refuses two neighbouring digits swapped, unless they differ by 5 or are equal", () => {
    fc.assert(
      fc.property(validRouting, fc.integer({ min: 0, max: 7 }), (routing, at) => {
        const a = Number(routing[at]);
        const b = Number(routing[at + 1]);
        fc.pre(a !== b && Math.abs(a - b) !== 5);
        const swapped = `${routing.slice(0, at)}${b}${a}${routing.slice(at + 2)}`;
        expect(isValidRoutingNumber(swapped)).toBe(false);
      }),
    );
  });

  it("refuses a prefix outside the Federal Reserve's ranges, whatever the check digit", () => {
    fc.assert(
      fc.property(unassignedPrefix, fc.array(digit, { minLength: 6, maxLength: 6 }), (prefix, rest) => {
        const firstEight = `${two(prefix)}${rest.join("")}`;
        const routing = `${firstEight}${routingCheckDigit(firstEight)}`;
        expect(routingWeightedSum(routing) % 10).toBe(0);
        expect(routingPrefixAssigned(routing)).toBe(false);
        expect(isValidRoutingNumber(routing)).toBe(false);
      }),
    );
  });

  it("refuses anything but nine digits", () => {
    for (const text of ["", "02100002", "0210000210", "02100002a", " 021000021", "021-000-021", "٠٢١٠٠٠٠٢١"])
      expect(isValidRoutingNumber(text), text).toBe(false);
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        fc.pre(!/^\d{9}$/.test(text));
        expect(isValidRoutingNumber(text)).toBe(false);
      }),
    );
  });

  it("puts each prefix at its range's edges", () => {
    const edges: [number, boolean][] = [
      [0, true],
      [12, true],
      [13, false],
      [20, false],
      [21, true],
      [32, true],
      [33, false],
      [60, false],
      [61, true],
      [72, true],
      [73, false],
      [79, false],
      [80, true],
      [81, false],
      [99, false],
    ];
    for (const [prefix, assigned] of edges)
      expect(routingPrefixAssigned(`${two(prefix)}0000000`), two(prefix)).toBe(assigned);
  });
});
