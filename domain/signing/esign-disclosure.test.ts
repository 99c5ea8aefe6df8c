import { describe, expect, it } from "vitest";
import { defaultBrand } from "../site/brand.ts";
import { esignConsentStatement, esignDisclosure, signingIntentStatement } from "./esign-disclosure.ts";

// The ESIGN Act's consumer disclosure (15 U.S.C. 7001(c)(1)): what it must tell before consent.

describe("the ESIGN consumer disclosure", () => {
  const sections = esignDisclosure(defaultBrand);
  const text = (heading: string) => sections.find((section) => section.heading === heading)?.paragraphs.join(" ") ?? "";
  const all = sections.flatMap((section) => [section.heading, ...section.paragraphs]).join(" ");

  it("says the hardware and software needed: a current browser, a PDF reader to keep copies, an e-mail account", () => {
    const needs = text("What you need");
    expect(needs).toMatch(/current version of a web browser/);
    expect(needs).toMatch(/opens PDF files/);
    expect(needs).toMatch(/save and print copies/);
    expect(needs).toMatch(/e-mail account/);
  });

  it("gives the right to paper copies at no charge, and how to ask: the lender's phone, e-mail and mailing address", () => {
    const paper = text("Paper copies");
    expect(paper).toMatch(/right to receive a paper copy/);
    expect(paper).toMatch(/at no charge/);
    for (const contact of [
      defaultBrand.phone,
      defaultBrand.email,
      defaultBrand.streetAddress,
      defaultBrand.cityStateZip,
    ])
      expect(paper).toContain(contact);
  });

  it("says how to withdraw consent, that it costs nothing and ends electronic signing of the package, which then goes on paper", () => {
    const withdraw = text("Withdrawing your agreement");
    expect(withdraw).toMatch(/Decline to sign/);
    expect(withdraw).toContain(defaultBrand.phone);
    expect(withdraw).toMatch(/no fee/);
    expect(withdraw).toMatch(/ends the electronic signing of this package/);
    expect(withdraw).toMatch(/on paper/);
  });

  it("says how to update contact details", () => {
    expect(text("Keeping your contact details up to date")).toContain(defaultBrand.email);
  });

  it("names the lender and no placeholder", () => {
    expect(all).toContain(defaultBrand.name);
    expect(all).not.toMatch(/\{|\}|undefined/);
  });

  it("has the consent and intent statements the signer acts under", () => {
    expect(esignConsentStatement).toBe(
      "I have read the disclosure and agree to use electronic records and signatures.",
    );
    expect(signingIntentStatement("Personal guaranty")).toBe(
      "By selecting Sign, I adopt the signature and initials shown as my electronic signature and intend to sign Personal guaranty.",
    );
  });
});
