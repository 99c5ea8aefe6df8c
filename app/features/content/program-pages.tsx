import { Link } from "react-router";
import { buttonClass } from "../../components/ui/button.tsx";
import { brand } from "../../lib/public-config.ts";

export type ProgramPath =
  | "/About"
  | "/EquipmentFinance"
  | "/EquipmentLeasing"
  | "/WorkingCapitalNow"
  | "/LineOfCredit"
  | "/StartUp"
  | "/PrivatePartySale";

export type ProgramContent = {
  readonly title: string;
  readonly paragraphs: readonly [string, string, string];
};

const { yearsOfExperience, contactWithinMinutes, fundingInHours, resultsInMinutes } = brand.claims;

const workingCapitalMax = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
}).format(brand.claims.workingCapitalMax);

export const programPages: Readonly<Record<ProgramPath, ProgramContent>> = {
  "/About": {
    title: `About ${brand.name}`,
    paragraphs: [
      `${brand.name} helps American businesses buy the equipment and find the working capital they need to grow. For over ${yearsOfExperience} years our team has worked with owners in construction, healthcare, food service, transportation and technology, turning financing requests into approvals that fit the way each business actually earns money.`,
      `We are not a single bank with a single rulebook. We work with a network of banks and lenders, so one application lets us compare several credit programs on your behalf and bring you the options that suit your credit profile, time in business and cash flow. That means fewer dead ends, less paperwork and terms you can plan around.`,
      `When you send us a request, a finance specialist contacts you within ${contactWithinMinutes} minutes during business hours. You talk to a real person who explains each option in plain English, tells you exactly which documents are needed, and stays with you from the first estimate until the equipment is delivered or the funds reach your account.`,
    ],
  },
  "/EquipmentFinance": {
    title: "Equipment Financing",
    paragraphs: [
      `Equipment financing lets you put new or used equipment to work now and pay for it over time with fixed monthly payments. The equipment itself secures the loan, so approval depends less on outside collateral and more on your credit, your time in business and your cash flow. After the last payment, the equipment is yours outright.`,
      `We finance almost anything with a serial number: excavators and skid steers, dental chairs and imaging systems, commercial kitchens, trucks and trailers, servers and machine tools. Terms usually run from 24 to 60 months, and costs such as delivery, installation and training can often be included in the same agreement.`,
      `Because we work with a network of lenders, we can match your request to the program that fits best, whether your credit is excellent or still being built. Use our payment estimator to see estimated monthly payments in under ${resultsInMinutes} minutes, then apply when you are ready. Getting an estimate does not pull your credit.`,
    ],
  },
  "/EquipmentLeasing": {
    title: "Equipment Leasing",
    paragraphs: [
      `A lease gives your business the use of equipment for a set term in exchange for regular payments, without buying it up front. Leasing keeps cash free for payroll, inventory and growth, and it suits equipment that loses value quickly or that you expect to replace in a few years, such as computers, medical devices or point-of-sale systems.`,
      `Lease or finance? With a loan, you own the equipment from day one and build equity with every payment. With a lease, the leasing company owns the equipment during the term, and monthly payments are often lower. The tax treatment of the two differs, so ask your accountant which one works better for your books.`,
      `At the end of the term you decide what happens next. Depending on the lease you choose, you can buy the equipment for a nominal amount such as $1 or for its fair market value, extend the lease, upgrade to newer equipment, or send it back. We walk you through these end-of-term options before you sign, so there are no surprises later.`,
    ],
  },
  "/WorkingCapitalNow": {
    title: "Working Capital",
    paragraphs: [
      `Working capital is the cash that keeps your business running between the day you pay your bills and the day your customers pay you. ${brand.name} arranges working capital of up to ${workingCapitalMax} to cover payroll, inventory, repairs, marketing or a slow season.`,
      `The process is short: tell us about your business, share a few months of business bank statements, and a specialist reviews the request with our lending partners. Once you are approved and the agreement is signed, funding can arrive in as little as ${fundingInHours} hours, so you can act on an opportunity instead of watching it pass.`,
      `Lenders look closely at the health of your revenue, not only at your credit score. Steady monthly deposits, time in business and how you plan to use the money all count. We show you the total cost and the repayment schedule up front, so you know exactly what you are agreeing to before any money moves.`,
    ],
  },
  "/LineOfCredit": {
    title: "Line of Credit",
    paragraphs: [
      `A business line of credit gives you a credit limit you can draw from whenever you need cash, instead of borrowing one lump sum. You pay interest only on the amount you actually use, and as you repay it, that amount becomes available to borrow again.`,
      `A line of credit works well for costs that come and go: stocking up before a busy season, bridging the gap while customers pay their invoices, or covering an unexpected repair. Having it in place before you need it lets you move quickly without filing a new loan application every time.`,
      `Limits and rates depend on your revenue, time in business and credit history. Our specialists compare offers from our lending network, explain the draw period and repayment terms of each one, and help you choose a limit that matches your real cash-flow needs rather than simply the largest number on offer.`,
    ],
  },
  "/StartUp": {
    title: "Start-up Program",
    paragraphs: [
      `New businesses often hear that they need two years of history before a lender will take them seriously. Our Start-up Program is designed for companies that have been operating for less than two years and need equipment to open their doors or take on their first large contracts.`,
      `With a shorter track record to review, lenders rely more on the owner's personal credit, industry experience and business plan. A larger down payment than an established company would make is typical. Putting more money down lowers the amount financed, reduces the monthly payment and makes the application stronger.`,
      `To get started, have your personal credit details, a short description of the business, quotes for the equipment and any signed contracts or letters of intent ready. A finance specialist reviews everything with you, points out what lenders will look for, and matches you with partners that work with start-ups.`,
    ],
  },
  "/PrivatePartySale": {
    title: "Private Party Sale",
    paragraphs: [
      `The best equipment deal is not always at a dealership. Private party sale financing lets you buy used equipment directly from another business or an individual, such as a retiring contractor's excavator or a clinic's lightly used ultrasound unit, and pay for it over time instead of in cash.`,
      `Buying from a private seller calls for extra care, so we run the checks a dealer normally would. Before funding, we confirm that the seller really owns the equipment, that the serial number or VIN matches the title or bill of sale, and whether any lender still holds a lien on it. If a loan is outstanding, it is paid off at closing so you do not inherit someone else's debt.`,
      `We may also ask for photos, an inspection or an independent appraisal to confirm the condition and value of the equipment. When everything checks out, the seller is paid directly and the lender is recorded as lienholder until your loan is repaid, which protects you and the seller alike.`,
    ],
  },
};

function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export function ProgramPage({ path }: { path: keyof typeof programPages }) {
  const page = programPages[path];
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{page.title}</h1>
        </div>
      </section>

      <section className="mx-auto max-w-3xl space-y-5 px-4 py-10 text-lg leading-relaxed text-slate-700">
        {page.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>

      <section aria-labelledby="program-cta-heading" className="mx-auto max-w-3xl px-4 pb-12">
        <div className="rounded-lg border border-brand-100 bg-brand-50 p-6">
          <h2 id="program-cta-heading" className="text-xl font-semibold text-slate-900">
            Ready to see your options?
          </h2>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to="/GetQualified" className={buttonClass("accent")}>
              Estimate my payment
            </Link>
            <Link to="/ApplyNow" className={buttonClass("secondary")}>
              Apply now
            </Link>
          </div>
          <p className="mt-4 text-slate-700">
            Questions? Call{" "}
            <a href={telHref(brand.phone)} className="font-semibold text-brand-700 underline underline-offset-2">
              {brand.phone}
            </a>
          </p>
        </div>
      </section>
    </>
  );
}
