import { brand } from "../../lib/public-config.ts";

export function SiteFooter() {
  return (
    <footer className="mt-16 bg-brand-900 text-white">
      <div className="mx-auto max-w-6xl space-y-2 px-4 py-8 text-sm">
        <p>
          <a className="underline" href={`tel:${brand.phone.replace(/[^\d+]/g, "")}`}>
            {brand.phone}
          </a>{" "}
          · {brand.streetAddress}, {brand.cityStateZip}
        </p>
        <p>
          © {new Date().getFullYear()} {brand.legalName}. Financing dependent on credit parameters.
        </p>
      </div>
    </footer>
  );
}
