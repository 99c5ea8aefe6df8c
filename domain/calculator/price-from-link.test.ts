import { describe, expect, it } from "vitest";
import { priceFromLink } from "./price-from-link.ts";

describe("a link's price for the calculator", () => {
  it("fills the price field as the calculator writes it", () => {
    expect(priceFromLink("?price=45000")).toBe("45,000.00");
    expect(priceFromLink("?price=18500.5&x=1")).toBe("18,500.50");
  });

  it("ignores anything that is not a price", () => {
    for (const search of ["", "?price=", "?price=0", "?price=-5", "?price=abc", "?price=1e6", "?price=1234567890123"])
      expect(priceFromLink(search)).toBeNull();
  });
});
