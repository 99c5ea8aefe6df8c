import type { DealUpdate } from "#domain/deals/back-office-contracts.ts";

export const sampleNote = "Sample deal created by the demo seed.";

export type Attachment = { name: string; kind: "pdf" | "png"; title?: string };
export type Step =
  { update: DealUpdate } | { message: { from: "vendor" | "staff"; body: string; attachment?: Attachment } };

export type DealSample = {
  businessName: string;
  ownersName: string;
  equipment: string;
  cost: string;
  down: string;
  comment?: string;
  hoursAgo: number;
  /** Submitted in an earlier month (shows the month filter); otherwise within the current business month. */
  earlierMonth?: boolean;
  files: Attachment[];
  steps: Step[];
};

const stage = (to: number, notes: string, more: Omit<DealUpdate, "stage" | "notes"> = {}): Step => ({
  update: { stage: to as DealUpdate["stage"], notes: `${notes} ${sampleNote}`, ...more },
});
const fromVendor = (body: string, attachment?: Attachment): Step => ({ message: { from: "vendor", body, attachment } });
const fromStaff = (body: string, attachment?: Attachment): Step => ({ message: { from: "staff", body, attachment } });
const application = (business: string): Attachment => ({
  name: "credit-application.pdf",
  kind: "pdf",
  title: `Credit application: ${business}`,
});

/** The demo vendor's deals: one in every stage, with the history the pipeline records. */
export const demoVendorDeals: DealSample[] = [
  {
    businessName: "Sample — Cedar Ridge Landscaping",
    ownersName: "Jamie Ortiz",
    equipment: "Zero-turn mower and trailer",
    cost: "18,500.00",
    down: "1,500.00",
    hoursAgo: 1,
    files: [application("Cedar Ridge Landscaping")],
    steps: [],
  },
  {
    businessName: "Sample — Granite Peak Excavation",
    ownersName: "Maria Lopez",
    equipment: "Compact track loader",
    cost: "85,000.00",
    down: "5,000.00",
    comment: `The client would like to close before the end of the month. ${sampleNote}`,
    hoursAgo: 6,
    files: [application("Granite Peak Excavation"), { name: "jobsite-photo.png", kind: "png" }],
    steps: [fromStaff("Thanks, we pulled credit this morning. Expect a decision by 3 pm.")],
  },
  {
    businessName: "Sample — Harbor Light Bakery",
    ownersName: "Nina Park",
    equipment: "Two deck ovens",
    cost: "42,000.00",
    down: "2,000.00",
    hoursAgo: 26,
    files: [application("Harbor Light Bakery")],
    steps: [
      stage(2, "Approved: 60 months at 8.9%.", { dealScore: 3 }),
      fromVendor("Can the client put 10% down instead of 5%?"),
      fromStaff("Yes. With 10% down the payment drops; the updated terms are attached.", {
        name: "updated-terms.pdf",
        kind: "pdf",
        title: "Updated terms: Harbor Light Bakery",
      }),
      { update: { downPayment: 4200 } },
    ],
  },
  {
    businessName: "Sample — Blue Mesa Dental Studio",
    ownersName: "Ravi Menon",
    equipment: "Panoramic X-ray unit",
    cost: "64,000.00",
    down: "0",
    hoursAgo: 50,
    files: [application("Blue Mesa Dental Studio")],
    steps: [
      stage(2, "Approved: 48 months.", { dealScore: 3 }),
      stage(3, "Documents sent for e-signature."),
      fromVendor("The client asks whether the spouse must sign as guarantor."),
    ],
  },
  {
    businessName: "Sample — Ironwood Machine Shop",
    ownersName: "Tom Becker",
    equipment: "CNC vertical mill",
    cost: "128,000.00",
    down: "12,800.00",
    hoursAgo: 74,
    files: [application("Ironwood Machine Shop")],
    steps: [
      stage(2, "Approved: 60 months, 10% down.", { dealScore: 2 }),
      stage(3, "Documents sent for e-signature."),
      fromStaff("Please send the certificate of insurance naming us as loss payee."),
      fromVendor("Here is the certificate.", { name: "insurance-certificate.png", kind: "png" }),
      stage(4, "Signed documents and insurance received; in final review."),
      fromStaff("Received, thank you. Final review today."),
    ],
  },
  {
    businessName: "Sample — Summit Trailer Repair",
    ownersName: "Alex Kim",
    equipment: "Heavy-duty vehicle lift",
    cost: "36,000.00",
    down: "3,600.00",
    hoursAgo: 98,
    files: [application("Summit Trailer Repair")],
    steps: [
      stage(2, "Approved: 36 months.", { dealScore: 2 }),
      stage(3, "Documents sent."),
      stage(4, "Documents in; review."),
    ],
  },
  {
    businessName: "Sample — Northwind Farm Supply",
    ownersName: "Grace Hall",
    equipment: "Utility tractor with loader",
    cost: "57,500.00",
    down: "7,500.00",
    hoursAgo: 140,
    files: [
      application("Northwind Farm Supply"),
      { name: "invoice.pdf", kind: "pdf", title: "Invoice: utility tractor" },
    ],
    steps: [
      stage(2, "Approved: 60 months at 9.5%.", { dealScore: 3 }),
      stage(3, "Documents sent."),
      stage(4, "Documents in; review."),
    ],
  },
  {
    businessName: "Sample — Driftwood Cafe",
    ownersName: "Sam Rivera",
    equipment: "Espresso machine and grinder",
    cost: "14,000.00",
    down: "0",
    hoursAgo: 30,
    files: [application("Driftwood Cafe")],
    steps: [
      { update: { dealScore: 1 } },
      stage(0, "Declined: under one year in business.", {
        declinedReceivedOn: "received",
        declinedCompletedOn: "completed",
        declinedNoticeSentOn: "notice",
      }),
    ],
  },
  {
    businessName: "Sample — Old Mill Woodworks",
    ownersName: "Chris Novak",
    equipment: "Edge bander",
    cost: "46,000.00",
    down: "4,600.00",
    hoursAgo: 24 * 36,
    earlierMonth: true,
    files: [application("Old Mill Woodworks")],
    steps: [stage(2, "Approved: 48 months.", { dealScore: 2 }), stage(9, "Closed: the client paid cash.")],
  },
  {
    businessName: "Sample — Redwood Quarry Supply",
    ownersName: "Dana Cruz",
    equipment: "Wheel loader",
    cost: "262,000.00",
    down: "12,000.00",
    hoursAgo: 120,
    files: [application("Redwood Quarry Supply")],
    steps: [
      stage(2, "Approved: 60 months at 7.9%.", { dealScore: 3 }),
      stage(3, "Documents sent."),
      stage(4, "Documents in; review."),
    ],
  },
];

/** The other company's deals: the demo vendor must never see them. */
export const otherVendorDeals: DealSample[] = [
  {
    businessName: "Sample — Lakeside Auto Body",
    ownersName: "Dana Brooks",
    equipment: "Paint booth",
    cost: "72,000.00",
    down: "7,200.00",
    hoursAgo: 3,
    files: [application("Lakeside Auto Body")],
    steps: [],
  },
  {
    businessName: "Sample — Pinecrest Print Shop",
    ownersName: "Lee Chen",
    equipment: "Wide-format printer",
    cost: "24,000.00",
    down: "2,400.00",
    hoursAgo: 40,
    files: [application("Pinecrest Print Shop")],
    steps: [stage(2, "Approved: 36 months.", { dealScore: 3 })],
  },
];
