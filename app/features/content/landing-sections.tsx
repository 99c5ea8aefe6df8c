import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "../../components/ui/button.tsx";
import { brand } from "../../lib/public-config.ts";

function NewTabNotice() {
  return <span className="sr-only"> (opens in a new tab)</span>;
}

export function IntroBanner() {
  return (
    <section aria-label="What's new" className="border-b border-brand-100 bg-brand-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 text-sm text-slate-900 sm:flex-row sm:items-center sm:justify-between">
        <p>
          <span className="mr-2 rounded bg-brand-700 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white">
            New<span className="sr-only">:</span>
          </span>{" "}
          Estimate your monthly payment in under 2 minutes.
        </p>
        <div className="flex flex-wrap gap-2">
          <a
            href={brand.schedulerUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass("primary", "text-sm")}
          >
            Book a demo
            <NewTabNotice />
          </a>
          <a
            href={brand.schedulerUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass("secondary", "text-sm")}
          >
            See what you can earn
            <NewTabNotice />
          </a>
        </div>
      </div>
    </section>
  );
}

export function Hero() {
  return (
    <section className="bg-brand-900 text-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          Equipment financing and working capital for growing businesses
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed">
          Tell us what you need and get results in under {brand.claims.resultsInMinutes} minutes, with funding in as
          little as {brand.claims.fundingInHours} hours. One request reaches our whole network of banks and lenders.
        </p>
        <div className="mt-8">
          <Link to="/GetQualified" className={buttonClass("accent", "px-6 text-lg")}>
            Get Started
          </Link>
        </div>
      </div>
    </section>
  );
}

const iconProps = {
  "aria-hidden": true,
  focusable: false,
  viewBox: "0 0 24 24",
  width: 32,
  height: 32,
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.75,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  className: "shrink-0 text-brand-700",
} as const;

const industries: ReadonlyArray<{ name: string; icon: ReactNode }> = [
  {
    name: "Construction",
    icon: (
      <svg {...iconProps}>
        <path d="M3 18h18" />
        <path d="M5 18v-3a7 7 0 0 1 14 0v3" />
        <path d="M10 8V5h4v3" />
      </svg>
    ),
  },
  {
    name: "Medical",
    icon: (
      <svg {...iconProps}>
        <rect x="3" y="3" width="18" height="18" rx="3" />
        <path d="M12 7v10M7 12h10" />
      </svg>
    ),
  },
  {
    name: "Hardware",
    icon: (
      <svg {...iconProps}>
        <rect x="6" y="6" width="12" height="12" rx="1" />
        <rect x="9" y="9" width="6" height="6" />
        <path d="M9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4" />
      </svg>
    ),
  },
  {
    name: "Software",
    icon: (
      <svg {...iconProps}>
        <path d="m8 8-4 4 4 4" />
        <path d="m16 8 4 4-4 4" />
        <path d="m14 5-4 14" />
      </svg>
    ),
  },
  {
    name: "Restaurant",
    icon: (
      <svg {...iconProps}>
        <path d="M6 3v7a2 2 0 0 0 4 0V3" />
        <path d="M8 10v11" />
        <path d="M17 21V3c-2 1-3 4-3 7h3" />
      </svg>
    ),
  },
  {
    name: "Transportation",
    icon: (
      <svg {...iconProps}>
        <path d="M2 6h12v10H2z" />
        <path d="M14 10h4l4 4v2h-8" />
        <circle cx="6" cy="18" r="2" />
        <circle cx="18" cy="18" r="2" />
      </svg>
    ),
  },
];

export function Industries() {
  return (
    <section aria-labelledby="industries-heading" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="industries-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        Industries we serve
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {industries.map((industry) => (
          <li
            key={industry.name}
            className="flex flex-col items-center gap-2 rounded-lg border border-slate-200 bg-white p-4 text-center font-semibold text-slate-900"
          >
            {industry.icon}
            {industry.name}
          </li>
        ))}
      </ul>
    </section>
  );
}

const workingCapitalMax = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
}).format(brand.claims.workingCapitalMax);

const programCards: ReadonlyArray<{ to: string; title: string; description: string }> = [
  {
    to: "/EquipmentFinance",
    title: "Equipment Financing",
    description: "Spread the cost of new or used equipment over fixed monthly payments and own it at the end.",
  },
  {
    to: "/WorkingCapitalNow",
    title: "Working Capital",
    description: `Cash for payroll, inventory or a slow season, up to ${workingCapitalMax}.`,
  },
  {
    to: "/LineOfCredit",
    title: "Line of Credit",
    description: "Draw funds when you need them and pay interest only on what you use.",
  },
  {
    to: "/StartUp",
    title: "Start-up Program",
    description: "Equipment financing for businesses that have been operating for less than two years.",
  },
];

export function ProgramCards() {
  return (
    <section id="programs" aria-labelledby="programs-heading" className="bg-brand-50">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="programs-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Programs
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {programCards.map((card) => (
            <li
              key={card.to}
              className="relative flex flex-col rounded-lg border border-brand-100 bg-white p-5 shadow-sm focus-within:ring-2 focus-within:ring-accent-500 hover:shadow-md"
            >
              <h3 className="text-lg font-semibold text-slate-900">
                <Link to={card.to} className="text-brand-700 after:absolute after:inset-0 hover:underline">
                  {card.title}
                </Link>
              </h3>
              <p className="mt-2 text-slate-700">{card.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The page renders an element with this class at the very bottom so the fixed bar never hides content. */
export const mobileBottomBarSpacerClass = "h-16 wide:hidden";

export function MobileBottomBar() {
  return (
    <section
      aria-label="Quick actions"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-brand-700 bg-brand-900 wide:hidden"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3">
        <a href="#questionnaire" className={buttonClass("accent", "min-h-11 flex-1")}>
          Get Quote
        </a>
        <a
          href="#contact"
          className="inline-flex min-h-11 flex-1 items-center justify-center rounded-md border border-white px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Contact Us
        </a>
      </div>
    </section>
  );
}
