import { Link } from "react-router";
import { buttonClass } from "../components/ui/button.tsx";
import { brand } from "../lib/public-config.ts";

export const meta = () => [{ title: `Page not found - ${brand.name}` }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold text-brand-900">Page not found</h1>
      <p className="mt-4">The page you asked for does not exist. It may have moved.</p>
      <Link to="/" className={buttonClass("primary", "mt-6")}>
        Go to the home page
      </Link>
    </div>
  );
}
