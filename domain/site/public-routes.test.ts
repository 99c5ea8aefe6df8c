import { describe, expect, it } from "vitest";
import { canonicalPublicPath, pageTitle, prerenderedPaths, publicPages } from "./public-routes.ts";

describe("public routes", () => {
  it("redirects other casings to the canonical path", () => {
    expect(canonicalPublicPath("/vendorlogin")).toBe("/VendorLogin");
    expect(canonicalPublicPath("/DEALERSERVICES/")).toBe("/DealerServices");
    expect(canonicalPublicPath("/VendorLogin")).toBeNull();
    expect(canonicalPublicPath("/unknown")).toBeNull();
  });

  it("builds titles the spec's way", () => {
    expect(pageTitle("Acme", null)).toBe("Acme - Equipment Financing and Working Capital");
    expect(pageTitle("Acme", "About")).toBe("About - Acme");
  });

  it("prerenders every public page and the 404 page, each with a description", () => {
    expect(prerenderedPaths).toEqual([...publicPages.map((page) => page.path), "/404"]);
    for (const page of publicPages) expect(page.description.length).toBeGreaterThan(50);
  });
});
