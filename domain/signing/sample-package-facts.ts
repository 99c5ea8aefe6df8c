import type { PackageFacts } from "./package-shapes.ts";

/** A realistic package's facts: for a template's preview, the tests and the bench. */
export const samplePackageFacts: PackageFacts = {
  lender: {
    name: "Keystone Equipment Capital",
    address: "1200 Market Street, Suite 400, Philadelphia, PA 19107",
    phone: "(215) 555-0142",
    email: "funding@keystone-capital.example",
    accentColor: "#094a8c",
  },
  deal: { accountNumber: "KEC-24117", program: "equipment-finance" },
  business: {
    name: "Lakeside Auto Body LLC",
    address: "48 Shoreline Drive, Erie, PA 16507",
    phone: "(814) 555-0187",
    email: "office@lakeside-autobody.example",
  },
  vendor: { name: "Allegheny Shop Equipment Inc.", address: "300 Industrial Way, Pittsburgh, PA 15201" },
  equipment: {
    description: "One 2024 Garmat USA 1000 Series downdraft paint booth with heated air make-up unit, installed",
    costCents: 4_850_000,
  },
  approval: {
    amountCents: 4_500_000,
    termMonths: 48,
    paymentCents: 112_235,
    rateBasisPoints: 899,
    downPaymentCents: 350_000,
    feesCents: 39_500,
    expiresOn: "2026-12-27",
    lease: false,
  },
  businessSigner: { name: "Dana R. Whitfield", title: "Managing Member", email: "dana@lakeside-autobody.example" },
  guarantor: null,
  date: "2026-11-27",
};
