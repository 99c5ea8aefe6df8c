import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { bankAccountTypeLabels } from "#domain/payout-accounts/payout-account-rules.ts";
import { bankAccountTypes } from "#domain/payout-accounts/payout-account-shapes.ts";
import {
  payoutAccountEntry,
  payoutConfirmation,
  type PayoutAccountPage,
} from "#domain/payout-accounts/portal-contracts.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { RadioGroup } from "../../../components/ui/radio-group.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useSchemaForm } from "../../../lib/use-schema-form.ts";
import { payoutIntents, type PayoutActionResult } from "./payout-account-actions.ts";
import { PayoutAccountDetails, PayoutAccountHistory } from "./payout-account-details.tsx";

/** The confirmation's fetcher, shared: its success is said above, where the confirmed account now shows. */
const confirmFetcherKey = "payout-account-confirm";

const typeOptions = bankAccountTypes.map((value) => ({ value, label: bankAccountTypeLabels[value] }));

/** The entry form, in a dialog: the same schema as the route's. */
function EnterAccount({ hasAccount, onEntered }: { hasAccount: boolean; onEntered: () => void }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<PayoutActionResult>();
  const form = useSchemaForm(payoutAccountEntry, {
    holderName: "",
    routingNumber: "",
    accountNumber: "",
    accountNumberAgain: "",
    accountType: "checking",
  });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const label = hasAccount ? "Change payout account" : "Add payout account";
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const valid = form.validate();
    if (!valid) return;
    void fetcher.submit({ intent: payoutIntents.enter, ...valid }, { method: "post" }).then(() => {
      form.reset();
      setOpen(false);
      onEntered();
    });
  };
  return (
    <>
      <Button type="button" className="mt-4" onClick={() => setOpen(true)}>
        {label}
      </Button>
      {result && !result.ok && result.intent === payoutIntents.enter ? (
        <Alert className="mt-2">{result.message}</Alert>
      ) : null}
      <Dialog open={open} onClose={() => setOpen(false)} title={label}>
        <p>
          Enter the account exactly as it is on a check of the account. You confirm it with a code next; until then your
          payouts go where they go now.
        </p>
        <Form noValidate aria-label={label} onSubmit={submit} className="mt-4 grid gap-3">
          <TextField
            label="Name on the account"
            autoComplete="off"
            maxLength={60}
            required
            {...form.text("holderName")}
          />
          <TextField
            label="Routing number"
            help="9 digits"
            inputMode="numeric"
            autoComplete="off"
            maxLength={9}
            required
            {...form.text("routingNumber")}
          />
          <TextField
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            maxLength={17}
            required
            {...form.text("accountNumber")}
          />
          <TextField
            label="Account number again"
            inputMode="numeric"
            autoComplete="off"
            maxLength={17}
            required
            {...form.text("accountNumberAgain")}
          />
          <RadioGroup
            legend="Account type"
            name="accountType"
            options={typeOptions}
            value={form.values.accountType}
            onChange={(value) => form.setValue("accountType", value)}
            error={form.errors.accountType}
          />
          <div className="mt-2 flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              Save and send code
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}

/** The account waiting for confirmation: the code, a new code, or cancelling the change. */
function AwaitingAccount({ page, focusCode }: { page: PayoutAccountScreenData; focusCode: boolean }) {
  const awaiting = page.awaiting!;
  const confirmFetcher = useFetcher<PayoutActionResult>({ key: confirmFetcherKey });
  const otherFetcher = useFetcher<PayoutActionResult>();
  const form = useSchemaForm(payoutConfirmation, { code: "" });
  const codeProps = form.text("code");
  const codeInput = useRef<HTMLInputElement | null>(null);
  // Just entered: the code is what to type next (after the dialog has given the focus back to its opener).
  useEffect(() => {
    if (focusCode) codeInput.current?.focus();
  }, [focusCode]);
  const confirmResult = confirmFetcher.state === "idle" ? confirmFetcher.data : undefined;
  const otherResult = otherFetcher.state === "idle" ? otherFetcher.data : undefined;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const valid = form.validate();
    if (!valid) return;
    void confirmFetcher.submit({ intent: payoutIntents.confirm, code: valid.code }, { method: "post" });
    form.reset();
  };
  return (
    <section aria-labelledby="awaiting-heading" className="mt-6 rounded border border-amber-300 bg-amber-50 p-4">
      <h2 id="awaiting-heading" className="text-xl font-semibold">
        New account waiting for confirmation
      </h2>
      <PayoutAccountDetails account={awaiting} timeZone={page.timeZone} />
      {page.awaitingIsMine ? (
        <Form noValidate aria-label="Confirm the new account" onSubmit={submit} className="mt-4 grid max-w-md gap-3">
          <TextField
            label={page.factor === "totp" ? "Code from your authenticator app" : "Code from the e-mail we sent you"}
            help="6 digits"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            {...codeProps}
            ref={(input: HTMLInputElement | null) => {
              codeProps.ref(input);
              codeInput.current = input;
            }}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={confirmFetcher.state !== "idle"}>
              Confirm account
            </Button>
          </div>
        </Form>
      ) : (
        <p className="mt-2">
          {awaiting.enteredBy} entered this account: only they can confirm it. You can cancel it, or enter another.
        </p>
      )}
      <Alert live className="mt-2">
        {confirmResult && !confirmResult.ok ? confirmResult.message : null}
      </Alert>
      <otherFetcher.Form method="post" className="mt-4 flex flex-wrap gap-2">
        {page.awaitingIsMine && page.factor === "mail" ? (
          <Button
            type="submit"
            variant="secondary"
            name="intent"
            value={payoutIntents.code}
            disabled={otherFetcher.state !== "idle"}
          >
            Send a new code
          </Button>
        ) : null}
        <Button
          type="submit"
          variant="secondary"
          name="intent"
          value={payoutIntents.cancel}
          disabled={otherFetcher.state !== "idle"}
        >
          Cancel this change
        </Button>
      </otherFetcher.Form>
      {otherResult ? (
        <Alert tone={otherResult.ok ? "success" : "error"} className="mt-2">
          {otherResult.message}
        </Alert>
      ) : null}
    </section>
  );
}

export type PayoutAccountScreenData = PayoutAccountPage & { timeZone: string };

/** The company's payout account for its dealer admins (docs/product-rules.md#r59-payout-accounts). */
export function PayoutAccountScreen({ page }: { page: PayoutAccountScreenData }) {
  const [justEntered, setJustEntered] = useState(false);
  const confirmed = useFetcher<PayoutActionResult>({ key: confirmFetcherKey });
  const confirmedMessage = confirmed.state === "idle" && confirmed.data?.ok ? confirmed.data.message : null;
  const days = page.coolingOffBusinessDays;
  return (
    <>
      <h1 className="text-2xl font-bold">Payout account</h1>
      <p className="mt-1 max-w-2xl">
        We pay your company's fundings and earnings into this account. A change is confirmed with a code, every dealer
        admin of your company is e-mailed, and payouts wait {days} business {days === 1 ? "day" : "days"} before they
        use the new account.
      </p>
      <section aria-labelledby="current-heading" className="mt-6">
        <h2 id="current-heading" className="text-xl font-semibold">
          Current account
        </h2>
        <Alert live tone="success" className="mt-2">
          {confirmedMessage}
        </Alert>
        {page.current ? (
          <PayoutAccountDetails account={page.current} timeZone={page.timeZone} />
        ) : (
          <p className="mt-2">Your company has no payout account yet.</p>
        )}
        <EnterAccount hasAccount={page.current !== null} onEntered={() => setJustEntered(true)} />
      </section>
      {page.awaiting ? <AwaitingAccount key={page.awaiting.id} page={page} focusCode={justEntered} /> : null}
      <section aria-labelledby="history-heading" className="mt-8">
        <h2 id="history-heading" className="text-xl font-semibold">
          History
        </h2>
        <PayoutAccountHistory history={page.history} timeZone={page.timeZone} caption="Payout accounts, newest first" />
      </section>
    </>
  );
}
