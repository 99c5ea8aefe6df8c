import { pageTitle, publicPage } from "#domain/site/public-routes.ts";
import { brand } from "./public-config.ts";

/** The <title> and description of a page in domain/site/public-routes.ts. */
export function publicPageMeta(path: string) {
  const page = publicPage(path);
  if (!page) throw new Error(`${path} is not in the public-routes table`);
  return [{ title: pageTitle(brand.name, page.page) }, { name: "description", content: page.description }];
}

export function appPageMeta(page: string) {
  return [{ title: pageTitle(brand.name, page) }, { name: "robots", content: "noindex" }];
}
