import { useRef, useState } from "react";
import { getVendorLinkQr, type VendorLinkSummary } from "#domain/partners/portal-contracts.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { downloadUrl } from "../../lib/call.ts";

/** /portal/link (docs/product-rules.md#r22-every-company-has-a-link): the company's link to copy or print as a QR code, and what it brought. */
export function VendorLinkScreen({ link }: { link: VendorLinkSummary }) {
  return (
    <>
      <h1 className="text-2xl font-bold">Your link</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Share this link with your customers, or print its QR code for the showroom. It opens our payment calculator and
        credit application in your name. What a customer sends through it appears here as a referred deal at stage 1,
        and the credit team takes it from there.
      </p>
      <div className="mt-6 max-w-3xl space-y-6">
        <CopyField id="link-calculator" label="Your calculator link" value={link.url} />
        <CopyField id="link-apply" label="Your credit application link" value={link.applyUrl} />
      </div>
      <section aria-labelledby="qr-heading" className="mt-8">
        <h2 id="qr-heading" className="text-xl font-semibold">
          QR code for the showroom
        </h2>
        <img
          src={downloadUrl(getVendorLinkQr, { query: { format: "svg" } })}
          alt={`QR code that opens ${link.url}`}
          width={192}
          height={192}
          className="mt-3 size-48 border border-slate-300 bg-white"
        />
        <div className="mt-3 flex flex-wrap gap-3">
          <a
            href={downloadUrl(getVendorLinkQr, { query: { format: "png" } })}
            download={`${link.slug}-qr.png`}
            className={buttonClass("primary")}
          >
            Download QR code (PNG)
          </a>
          <a
            href={downloadUrl(getVendorLinkQr, { query: { format: "svg" } })}
            download={`${link.slug}-qr.svg`}
            className={buttonClass("secondary")}
          >
            Download QR code (SVG)
          </a>
        </div>
      </section>
      <section aria-labelledby="link-results-heading" className="mt-8">
        <h2 id="link-results-heading" className="text-xl font-semibold">
          What your link brought
        </h2>
        <dl className="mt-3 grid max-w-xl grid-cols-2 gap-4">
          <Figure label="Visits, last 30 days" value={link.visits.last30Days} />
          <Figure label="Visits in total" value={link.visits.total} />
          <Figure label="Leads, last 30 days" value={link.leads.last30Days} />
          <Figure label="Leads in total" value={link.leads.total} />
        </dl>
      </section>
    </>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-slate-300 p-4">
      <dt className="text-slate-700">{label}</dt>
      <dd className="text-3xl font-bold">{value.toLocaleString("en-US")}</dd>
    </div>
  );
}

/** A read-only address with a Copy button; the outcome is announced (role="status"). */
function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setStatus({ tone: "success", text: "Link copied." });
    } catch {
      // No clipboard (an old browser, a refused permission): select it for Ctrl+C.
      input.current?.select();
      setStatus({ tone: "error", text: "Could not copy: the link is selected, press Ctrl+C (or Cmd+C) to copy it." });
    }
  };
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          ref={input}
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
          className="min-h-11 min-w-0 flex-1 basis-64 rounded border border-slate-400 bg-slate-50 px-3 font-mono text-sm"
        />
        <Button onClick={() => void copy()} aria-describedby={`${id}-status`}>
          Copy<span className="sr-only"> {label.toLowerCase()}</span>
        </Button>
      </div>
      <div id={`${id}-status`} className="mt-2">
        <Alert live tone={status?.tone === "error" ? "error" : "success"} inline>
          {status?.text}
        </Alert>
      </div>
    </div>
  );
}
