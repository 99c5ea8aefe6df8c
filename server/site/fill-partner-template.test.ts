import { describe, expect, it } from "vitest";
import { partnerPlaceholders } from "#domain/site/partner-page.ts";
import { escapeHtml } from "../shared/escape-html.ts";
import { fillPartnerTemplate } from "./prerendered-site.ts";

const template = `<html><head><title>${partnerPlaceholders.name} - Brand</title></head><body><div style="background-color:${partnerPlaceholders.primaryColor}"><img src="${partnerPlaceholders.logoUrl}" alt="${partnerPlaceholders.name}"/>${partnerPlaceholders.name}</div></body></html>`;
const branding = {
  slug: "Acme",
  name: `Acme "Tools" <script>alert(1)</script> & Sons`,
  logoUrl: "/api/partners/Acme/logo",
  primaryColor: "#123456",
  accentColor: "#654321",
  vendorName: "Acme Tools",
  salesPerson: "Pat O'Neil",
  vendorPhone: "(555) 010-0000",
  referredTo: "Acme Tools Inc",
};

describe("fillPartnerTemplate", () => {
  it("puts the partner's branding in every placeholder, escaped for HTML", () => {
    const html = fillPartnerTemplate(template, branding);
    expect(html).toContain(
      "<title>Acme &quot;Tools&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; Sons - Brand</title>",
    );
    expect(html).toContain('alt="Acme &quot;Tools&quot; &lt;script&gt;');
    expect(html).toContain('style="background-color:#123456"');
    expect(html).not.toContain("%%partner.");
    expect(html).not.toContain("<script>alert");
  });

  it("adds the branding as a JSON data block that no value can close", () => {
    const html = fillPartnerTemplate(template, branding);
    const data = /<script type="application\/json" id="partner-branding">([^<]*)<\/script><\/head>/.exec(html)![1]!;
    expect(JSON.parse(data)).toEqual(branding);
  });

  it.each(["Sec $` Dental", "Sec $& Dental", "Sec $' Dental", "Sec $$ Dental", "Sec $1 $0 Dental"])(
    "inserts %s literally, not as a replacement pattern",
    (name) => {
      const html = fillPartnerTemplate(template, { ...branding, name, salesPerson: name });
      const shown = escapeHtml(name);
      expect(html).toContain(`<title>${shown} - Brand</title>`);
      expect(html).toContain(`alt="${shown}"/>${shown}</div>`);
      expect(html.match(/<title>/g)).toHaveLength(1);
      const data = /<script type="application\/json" id="partner-branding">([^<]*)<\/script><\/head>/.exec(html)![1]!;
      expect(JSON.parse(data)).toMatchObject({ name, salesPerson: name });
    },
  );
});
