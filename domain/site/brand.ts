import * as z from "zod/mini";

const nonEmpty = z.string().check(z.minLength(1));
const positiveInt = z.int().check(z.positive());

export const brandSchema = z.object({
  name: nonEmpty,
  legalName: nonEmpty,
  phone: nonEmpty,
  email: z.email(),
  contactPerson: nonEmpty,
  streetAddress: nonEmpty,
  cityStateZip: nonEmpty,
  schedulerUrl: z.url(),
  timeZone: nonEmpty,
  /**
   * The federal agency that administers ECOA compliance for this lender, with its address, as
   * the adverse-action notice names it (12 CFR 1002.9(b)(1), appendix A). Set by the operator.
   */
  federalRegulator: nonEmpty,
  memberBadge: nonEmpty,
  social: z.array(z.object({ label: z.string(), url: z.url() })),
  creditApplicationPdf: z.string().check(z.startsWith("/")),
  vendorHandbookPdf: z.string().check(z.startsWith("/")),
  claims: z.object({
    contactWithinMinutes: positiveInt,
    leadCallbackMinutes: positiveInt,
    fundingInHours: positiveInt,
    resultsInMinutes: positiveInt,
    yearsOfExperience: positiveInt,
    workingCapitalMax: positiveInt,
  }),
  testimonials: z.array(z.object({ header: z.string(), text: z.string(), source: z.string() })),
});

export type Brand = z.infer<typeof brandSchema>;

/** A fictional lender. Operators override fields with BRAND_* variables (see .env.example). */
export const defaultBrand: Brand = {
  name: "Keystone Equipment Capital",
  legalName: "Keystone Equipment Capital, LLC",
  phone: "(555) 010-0199",
  email: "credit@keystone-capital.example",
  contactPerson: "Dana Whitfield",
  streetAddress: "100 Example Plaza, Suite 400",
  cityStateZip: "Irvine, CA 92618",
  schedulerUrl: "https://scheduler.example.com/keystone/30min",
  timeZone: "America/Los_Angeles",
  federalRegulator: "[Federal regulator name and address]",
  memberBadge: "Member, National Equipment Finance Association (sample)",
  social: [
    { label: "LinkedIn", url: "https://www.linkedin.com/company/example" },
    { label: "Facebook", url: "https://www.facebook.com/example" },
    { label: "Instagram", url: "https://www.instagram.com/example" },
  ],
  creditApplicationPdf: "/pdf/CreditApp.pdf",
  vendorHandbookPdf: "/pdf/VendorHandbook.pdf",
  claims: {
    contactWithinMinutes: 10,
    leadCallbackMinutes: 30,
    fundingInHours: 24,
    resultsInMinutes: 15,
    yearsOfExperience: 10,
    workingCapitalMax: 250_000,
  },
  // Sample content until the operator supplies real customers' words
  // (docs/product-rules.md#r48-one-brand-configuration: invented
  // reviews are not allowed, so each default says on the page that it is a sample).
  testimonials: [
    {
      header: "An answer the same day",
      text: "We had an estimate within the hour and a specialist called us back that afternoon.",
      source: "Sample testimonial, not a real customer",
    },
    {
      header: "Clear monthly payments",
      text: "The calculator showed what each term would cost before we spoke to anyone.",
      source: "Sample testimonial, not a real customer",
    },
    {
      header: "Help with the paperwork",
      text: "Our specialist told us exactly which bank statements to send and when.",
      source: "Sample testimonial, not a real customer",
    },
    {
      header: "Financing at the dealer",
      text: "Our equipment dealer set it up for us, and we kept working while it was approved.",
      source: "Sample testimonial, not a real customer",
    },
  ],
};
