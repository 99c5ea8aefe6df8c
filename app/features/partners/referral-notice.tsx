import { referralNotice } from "#domain/site/partner-page.ts";

/** Near a vendor link's submit button (docs/product-rules.md#r23-referred-customers-belong-to-the-company): the customer is told plainly that the dealer will see the request's status. */
export function ReferralNotice({ companyName, className = "" }: { companyName: string; className?: string }) {
  return (
    <p
      className={`rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 font-semibold text-slate-900 ${className}`.trim()}
    >
      {referralNotice(companyName)}
    </p>
  );
}
