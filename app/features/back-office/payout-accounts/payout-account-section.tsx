import type { VendorPayoutAccount } from "#domain/payout-accounts/back-office-contracts.ts";
import { PayoutAccountDetails, PayoutAccountHistory } from "../../portal/payout-account/payout-account-details.tsx";

/**
 * A vendor company's payout account for staff (docs/product-rules.md#r59-payout-accounts): masked and
 * read-only (the account number is never revealed here), with its hold, who confirmed it and its history.
 */
export function PayoutAccountSection({ data, timeZone }: { data: VendorPayoutAccount; timeZone: string }) {
  return (
    <section aria-labelledby="payout-account-heading" className="mt-6">
      <h2 id="payout-account-heading" className="text-xl font-semibold">
        Payout account
      </h2>
      {data.current ? (
        <PayoutAccountDetails account={data.current} timeZone={timeZone} />
      ) : (
        <p className="mt-2">No payout account confirmed yet: payouts to this company wait.</p>
      )}
      {data.awaiting ? (
        <>
          <h3 className="mt-4 text-lg font-semibold">Waiting for the dealer's confirmation</h3>
          <PayoutAccountDetails account={data.awaiting} timeZone={timeZone} />
        </>
      ) : null}
      <h3 className="mt-6 text-lg font-semibold">History</h3>
      <PayoutAccountHistory
        history={data.history}
        timeZone={timeZone}
        caption={`Payout accounts of ${data.companyName}, newest first`}
      />
      <p className="mt-4 text-slate-700">
        Only the company's dealer admins change the account, from the vendor portal; every change is mailed to them and
        to the credit team.
      </p>
    </section>
  );
}
