import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { buttonClass } from "../../components/ui/button.tsx";
import { brand } from "../../lib/public-config.ts";

// The form's code (and its schema) loads after the page's own: it is below the fold on every page.
const FooterContactForm = lazy(() =>
  import("./footer-contact-form.tsx").then((module) => ({ default: module.FooterContactForm })),
);

const newTab = <span className="sr-only"> (opens in a new tab)</span>;
const footerLink = "inline-flex min-h-6 items-center underline underline-offset-2 hover:text-accent-500";

export function SiteFooter() {
  return (
    <footer className="bg-brand-900 text-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-2">
        <section id="contact" aria-labelledby="contact-heading" className="scroll-mt-20">
          <h2 id="contact-heading" className="text-2xl font-bold">
            Contact us
          </h2>
          <p className="mt-2 text-slate-200">Send us a message and a finance specialist will get back to you.</p>
          <div className="mt-4 rounded-lg bg-white p-6 text-slate-900">
            {/* The placeholder is as tall as the form (452 px at every width), so nothing moves when it arrives. */}
            <Suspense
              fallback={
                <p role="status" className="min-h-[28.25rem]">
                  Loading the contact form…
                </p>
              }
            >
              <FooterContactForm />
            </Suspense>
          </div>
        </section>
        <div className="space-y-8">
          <section aria-labelledby="appointment-heading">
            <h2 id="appointment-heading" className="text-xl font-bold">
              Make an appointment
            </h2>
            <p className="mt-2 text-slate-200">Pick a 30-minute slot with a finance specialist.</p>
            <a
              href={brand.schedulerUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass("accent", "mt-3")}
            >
              Schedule{newTab}
            </a>
          </section>
          <section aria-labelledby="apply-heading">
            <h2 id="apply-heading" className="text-xl font-bold">
              Prefer paper?
            </h2>
            <p className="mt-2">
              <a href={brand.creditApplicationPdf} className={footerLink}>
                Download the credit application (PDF)
              </a>{" "}
              or{" "}
              <Link to="/ApplyNow" className={footerLink}>
                apply online
              </Link>
              .
            </p>
          </section>
          <section aria-labelledby="follow-heading">
            <h2 id="follow-heading" className="text-xl font-bold">
              Follow us
            </h2>
            <ul className="mt-2 flex flex-wrap gap-4">
              {brand.social.map((link) => (
                <li key={link.url}>
                  <a href={link.url} target="_blank" rel="noopener noreferrer" className={footerLink}>
                    {link.label}
                    {newTab}
                  </a>
                </li>
              ))}
            </ul>
          </section>
          <address className="not-italic text-slate-100">
            <p>
              <a href={`tel:${brand.phone.replace(/[^\d+]/g, "")}`} className={footerLink}>
                {brand.phone}
              </a>
            </p>
            <p>{brand.streetAddress}</p>
            <p>{brand.cityStateZip}</p>
            <p>
              <a href={`mailto:${brand.email}`} className={footerLink}>
                {brand.email}
              </a>
            </p>
          </address>
          <p className="inline-block rounded border border-slate-300 px-3 py-1 text-sm">{brand.memberBadge}</p>
        </div>
      </div>
      <div className="border-t border-white/20">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-4 text-sm text-slate-200 md:flex-row md:justify-between">
          <p>
            © {new Date().getFullYear()} {brand.legalName}. Financing dependent on credit parameters.
          </p>
          <p>
            <Link to="/TermsOfUse" className={footerLink}>
              Terms of Use
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
