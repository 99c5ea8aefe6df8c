/**
 * Every public, prerendered page: its canonical path, the page name used in its title and its
 * description. The prerender list, the server's canonical-case redirects and each route's meta
 * all read this table.
 */
export type PublicPage = {
  path: string;
  page: string | null;
  description: string;
  /** Pages that collect sensitive data are never cached (Cache-Control: no-store). */
  sensitive?: boolean;
};

export const publicPages = [
  {
    path: "/",
    page: null,
    description:
      "Equipment financing and leasing, working capital, lines of credit, start-up and dealer programs for US businesses. Estimate your monthly payment in minutes.",
  },
  {
    path: "/About",
    page: "About",
    description:
      "Who we are: a business-financing company connecting US businesses with a network of banks and lenders for equipment and working capital.",
  },
  {
    path: "/EquipmentFinance",
    page: "EquipmentFinance",
    description:
      "Equipment financing for new and used equipment, with terms from 24 to 60 months and fast decisions for US businesses.",
  },
  {
    path: "/EquipmentLeasing",
    page: "EquipmentLeasing",
    description:
      "Equipment leasing: keep cash in the business, choose end-of-term options, and upgrade equipment as you grow.",
  },
  {
    path: "/WorkingCapitalNow",
    page: "WorkingCapitalNow",
    description:
      "Working capital up to $250,000 for payroll, inventory and growth, with funding in as little as 24 hours.",
  },
  {
    path: "/LineOfCredit",
    page: "LineOfCredit",
    description:
      "A business line of credit: draw what you need when you need it and pay interest only on what you use.",
  },
  {
    path: "/StartUp",
    page: "StartUp",
    description:
      "Start-up equipment financing for businesses under two years old, with programs built around a larger down payment.",
  },
  {
    path: "/PrivatePartySale",
    page: "PrivatePartySale",
    description: "Financing for equipment bought from a private seller, with title and lien checks handled for you.",
  },
  {
    path: "/VendorLogin",
    page: "VendorLogin",
    description:
      "Vendor portal sign-in for equipment dealers: submit clients, follow deals by stage and message the credit team.",
  },
  {
    path: "/DealerServices",
    page: "DealerFinancingPrograms",
    description: "Dealer financing programs and the vendor portal for equipment dealers and distributors.",
  },
  {
    path: "/ClientLogin",
    page: "ClientLogin",
    description: "Client sign-in for financing customers. Client accounts are opened by your finance specialist.",
  },
  {
    path: "/GetQualified",
    page: "GetQualified",
    description:
      "CapEx loan calculator: estimate your monthly equipment payment in five short steps. We will not pull your credit.",
  },
  {
    path: "/FinancingOptions",
    page: "FinancingOptions",
    description:
      "Your estimated monthly payment options: pick a term and a finance specialist will take it from there.",
  },
  {
    path: "/ApplyNow",
    page: "ApplyNow",
    description:
      "Apply for business equipment financing: business, owner and vendor information in one secure credit application.",
    sensitive: true,
  },
  {
    path: "/ThankYou",
    page: "ThankYou",
    description: "Thank you: a finance specialist will contact you shortly to confirm your information.",
  },
  {
    path: "/TermsOfUse",
    page: "TermsOfUse",
    description:
      "The terms of use of this website: conditions, limitations of liability, governing law and how to contact us.",
  },
  {
    path: "/QuestionFinancing",
    page: "QuestionFinancing",
    description: "Financing questions: this page opens at the official launch. Call us in the meantime.",
  },
] as const satisfies readonly PublicPage[];

export type PublicPath = (typeof publicPages)[number]["path"];

/** The page served, with status 404, for unknown public paths. */
export const notFoundPath = "/404";

export const prerenderedPaths = [...publicPages.map((page) => page.path), notFoundPath];

const canonicalByLowercase = new Map(publicPages.map((page) => [page.path.toLowerCase(), page.path]));

/** The canonical spelling of a public path typed in another case, or null when there is none. */
export function canonicalPublicPath(path: string): string | null {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const canonical = canonicalByLowercase.get(trimmed.toLowerCase());
  return canonical && canonical !== path ? canonical : null;
}

export function publicPage(path: string): PublicPage | undefined {
  return (publicPages as readonly PublicPage[]).find((page) => page.path === path);
}

export function pageTitle(product: string, page: string | null): string {
  return page ? `${page} - ${product}` : `${product} - Equipment Financing and Working Capital`;
}
