import { useFetcher, useNavigate } from "react-router";
import { confirmInPersonSigning, startInPersonSigning } from "#domain/signing/portal-in-person-contracts.ts";
import { getSignerCeremony } from "#domain/signing/signer-contracts.ts";
import { Alert } from "../components/ui/alert.tsx";
import { Button } from "../components/ui/button.tsx";
import { RouteError } from "../components/ui/route-error.tsx";
import { InPersonStart, type InPersonActionResult } from "../features/signing/in-person-start.tsx";
import { signerAction, type SignerActionResult, type SignerIntent } from "../features/signing/signer-action.ts";
import { SigningCeremony } from "../features/signing/signing-ceremony.tsx";
import { ApiError, call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/portal-sign-in-person";

export const meta = () => appPageMeta("Sign in person");

/** The signer's ceremony when this device holds that signer's in-person session; else the start. */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  try {
    const ceremony = await call(getSignerCeremony, {}, { signal: request.signal });
    return { ceremony: ceremony.signerId === params.signerId && ceremony.inPerson ? ceremony : null, closed: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { ceremony: null, closed: null };
    if (error instanceof ApiError && error.status === 410) return { ceremony: null, closed: error.message };
    throw error;
  }
}

type InPersonIntent = { intent: "start" } | { intent: "confirm"; token: string; code: string };

export async function clientAction({
  params,
  request,
}: Route.ClientActionArgs): Promise<InPersonActionResult | SignerActionResult> {
  const input = (await request.json()) as InPersonIntent | SignerIntent;
  const ids = { id: params.id, signerId: params.signerId };
  if (input.intent !== "start" && input.intent !== "confirm") return signerAction(input, request.signal);
  try {
    if (input.intent === "start") {
      const started = await call(startInPersonSigning, { params: ids }, { signal: request.signal });
      return { intent: "start", ok: true, ...started };
    }
    await call(
      confirmInPersonSigning,
      { params: ids, body: { token: input.token, code: input.code } },
      { signal: request.signal },
    );
    return { intent: "confirm", ok: true };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      intent: input.intent,
      ok: false,
      error: error.message,
      fieldErrors: Object.fromEntries(error.details.map((detail) => [detail.path, detail.message])),
    };
  }
}

export const ErrorBoundary = RouteError;

/**
 * `/portal/deals/:id/sign-in-person/:signerId` (docs/product-rules.md#r57-documents-and-e-signature): the
 * dealer hands this device to a signer of the deal's package; the code from the signer's own mailbox opens
 * the same ceremony as the mailed link, recorded as signed in person. "Hand back" closes it.
 */
export default function PortalSignInPerson({ loaderData, params }: Route.ComponentProps) {
  const handBack = useFetcher<SignerActionResult>();
  const navigate = useNavigate();
  const finish = async () => {
    await handBack.submit({ intent: "sign-out" }, { method: "post", encType: "application/json" });
    await navigate(`/portal/deals/${params.id}`);
  };
  return (
    <div className="max-w-3xl">
      <h1 className="text-3xl font-bold text-brand-900">Sign in person</h1>
      {loaderData.closed ? (
        <Alert tone="info" className="mt-6">
          {loaderData.closed}
        </Alert>
      ) : null}
      {loaderData.ceremony ? (
        <SigningCeremony
          ceremony={loaderData.ceremony}
          footer={
            <Button variant="secondary" disabled={handBack.state !== "idle"} onClick={() => void finish()}>
              Finish and hand back
            </Button>
          }
        />
      ) : (
        <InPersonStart />
      )}
    </div>
  );
}
