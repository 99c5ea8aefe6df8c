/**
 * Every public, prerendered page: its canonical path, the page name used in its title and its
 * description. The prerender list, the server's canonical-case redirects and each route's meta
 * all read this table.
 */
export type PublicPage = { path: string; page: string | null; description: string };

export const publicPages = [
  {
    path: "/",
    page: null,
    description:
      "Equipment financing and leasing, working capital, lines of credit, start-up and dealer programs for US businesses. Estimate your monthly payment in minutes.",
  },
  {
    path: "/VendorLogin",
    page: "VendorLogin",
    description: "Vendor portal sign-in for equipment dealers: submit clients, follow deals by stage and message the credit team.",
  },
  {
    path: "/DealerServices",
    page: "DealerFinancingPrograms",
    description: "Dealer financing programs and the vendor portal for equipment dealers and distributors.",
  },
] as const satisfies readonly PublicPage[];

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
  return publicPages.find((page) => page.path === path);
}

export function pageTitle(product: string, page: string | null): string {
  return page ? `${page} - ${product}` : `${product} - Equipment Financing and Working Capital`;
}
