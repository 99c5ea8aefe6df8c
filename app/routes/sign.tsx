import { useLayoutEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { signerLinkTokenPattern, signerMessages } from "#domain/signing/signer-access.ts";
import { getSignerCeremony } from "#domain/signing/signer-contracts.ts";
import { Alert } from "../components/ui/alert.tsx";
import { Button } from "../components/ui/button.tsx";
import { RouteError } from "../components/ui/route-error.tsx";
import { declineFetcherKey } from "../features/signing/decline-to-sign.tsx";
import { signerAction, type SignerActionResult, type SignerIntent } from "../features/signing/signer-action.ts";
import { SignerSignIn } from "../features/signing/signer-sign-in.tsx";
import { SigningCeremony } from "../features/signing/signing-ceremony.tsx";
import { PublicLayout } from "../features/site-chrome/public-layout.tsx";
import { ApiError, call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/sign";

export const meta = () => appPageMeta("Sign your documents");

/**
 * The ceremony when the signer's session is open; else null, with why when the package no longer takes
 * signatures (410: withdrawn, declined, expired).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  try {
    return { ceremony: await call(getSignerCeremony, {}, { signal: request.signal }), closed: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { ceremony: null, closed: null };
    if (error instanceof ApiError && error.status === 410) return { ceremony: null, closed: error.message };
    throw error;
  }
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<SignerActionResult> {
  return signerAction((await request.json()) as SignerIntent, request.signal);
}

export const ErrorBoundary = RouteError;

/**
 * Where a signing request's link lands (`/sign#<token>`, docs/product-rules.md#r57-documents-and-e-signature):
 * the token is read once and kept in memory, the address bar and history lose it before the first paint;
 * with it the signer asks for a code, and the code opens the ceremony.
 */
export default function Sign({ loaderData }: Route.ComponentProps) {
  const { hash } = useLocation();
  const [token] = useState(() => {
    const fragment = hash.replace(/^#/, "");
    return signerLinkTokenPattern.test(fragment) ? fragment : null;
  });
  useLayoutEffect(() => {
    if (window.location.hash || window.location.search)
      window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);
  const declined = useFetcher<SignerActionResult>({ key: declineFetcherKey });
  const signOut = useFetcher<SignerActionResult>();
  return (
    <PublicLayout>
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold text-brand-900">Sign your documents</h1>
        {loaderData.ceremony ? (
          <SigningCeremony
            ceremony={loaderData.ceremony}
            footer={
              <Button
                variant="secondary"
                disabled={signOut.state !== "idle"}
                onClick={() =>
                  void signOut.submit({ intent: "sign-out" }, { method: "post", encType: "application/json" })
                }
              >
                Close signing
              </Button>
            }
          />
        ) : declined.data?.ok ? (
          <Alert tone="info" className="mt-6">
            {signerMessages.youDeclined}
          </Alert>
        ) : (
          <SignerSignIn token={token} closed={loaderData.closed} />
        )}
      </div>
    </PublicLayout>
  );
}
