import {
  dealUpdateRequest,
  getBackOfficeDeal,
  listBackOfficeDealMessages,
  postBackOfficeDealMessage,
  updateBackOfficeDeal,
} from "#domain/deals/back-office-contracts.ts";
import { getAdverseAction } from "#domain/adverse-action/contracts.ts";
import {
  blankFunderAnswer,
  declineWithFunderReasons,
  getDealFunders,
  presentFunderAnswer,
  recordFunderAnswer,
  renewApproval,
  sendDealToFunders,
} from "#domain/funders/deal-funder-contracts.ts";
import { listRecordDuplicates } from "#domain/duplicates/contracts.ts";
import { getDealStips, requestDealStips, reviewDealStip } from "#domain/stips/contracts.ts";
import {
  generateSigningPackage,
  getDealSigning,
  resendSigningRequest,
  sendSigningPackage,
  voidSigningPackage,
} from "#domain/signing/back-office-contracts.ts";
import {
  approveFunding,
  cancelFunding,
  getDealFunding,
  prepareFunding,
  recordVerification,
  rejectFunding,
} from "#domain/funding/back-office-contracts.ts";
import { RouteError } from "../components/ui/route-error.tsx";
import { DealScreen, type DealActionResult } from "../features/back-office/deals/deal-screen.tsx";
import { funderIntents, type FunderActionResult } from "../features/back-office/deals/deal-funders.tsx";
import { stipIntents, type StipActionResult } from "../features/back-office/deals/deal-stips.tsx";
import { signingIntents, type SigningActionResult } from "../features/back-office/signing/deal-signing.tsx";
import { fundingIntents, type FundingActionResult } from "../features/back-office/funding/deal-funding.tsx";
import { ApiError, call, multipartForm } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/back-office-deal";

export const meta = () => appPageMeta("Deal");

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const input = { params: { id: params.id } };
  const options = { signal: request.signal };
  const record = { params: { type: "deal" as const, id: params.id } };
  const [detail, thread, adverseAction, duplicates, funders, stips, signing, funding] = await Promise.all([
    call(getBackOfficeDeal, input, options),
    call(listBackOfficeDealMessages, input, options),
    call(getAdverseAction, record, options),
    call(listRecordDuplicates, record, options),
    call(getDealFunders, input, options),
    call(getDealStips, input, options),
    call(getDealSigning, input, options),
    call(getDealFunding, input, options),
  ]);
  return { detail, thread, adverseAction, duplicates: duplicates.links, funders, stips, signing, funding };
}

/**
 * The Funders section's forms (form-encoded): send the deal to funders, record one's answer, present
 * it, renew the approval, or decline a deal every funder declined.
 */
async function runFunderAction(dealId: string, form: FormData): Promise<FunderActionResult> {
  const text = (name: string) => String(form.get(name) ?? "");
  try {
    if (text("intent") === funderIntents.send)
      await call(sendDealToFunders, {
        params: { id: dealId },
        body: { funderIds: text("funderIds").split(",").filter(Boolean) },
      });
    else if (text("intent") === funderIntents.renew)
      await call(renewApproval, { params: { id: dealId }, body: { expiresOn: text("expiresOn") } });
    else if (text("intent") === funderIntents.decline) await call(declineWithFunderReasons, { params: { id: dealId } });
    else if (text("intent") === funderIntents.present)
      await call(presentFunderAnswer, {
        params: { id: dealId, submissionId: text("submissionId"), answerId: text("answerId") },
      });
    else
      await call(recordFunderAnswer, {
        params: { id: dealId, submissionId: text("submissionId") },
        body: Object.fromEntries(
          Object.keys(blankFunderAnswer).map((name) => [name, text(name)]),
        ) as typeof blankFunderAnswer,
      });
    return { intent: "funders", ok: true, message: "Saved." };
  } catch (error) {
    if (error instanceof ApiError) return { intent: "funders", ok: false, message: error.message };
    throw error;
  }
}

/** The Stips section's forms (form-encoded): request stips, or review one. */
async function runStipAction(dealId: string, form: FormData): Promise<StipActionResult> {
  const text = (name: string) => String(form.get(name) ?? "");
  try {
    if (text("intent") === stipIntents.request)
      await call(requestDealStips, {
        params: { id: dealId },
        body: {
          kinds: text("kinds").split(",").filter(Boolean),
          name: text("name"),
          description: text("description"),
          satisfiedBy: text("satisfiedBy") as "applicant",
        },
      });
    else
      await call(reviewDealStip, {
        params: { id: dealId, stipId: text("stipId") },
        body: { review: text("review") as "accept", reason: text("reason") },
      });
    return { intent: "stips", ok: true, message: "Saved." };
  } catch (error) {
    if (error instanceof ApiError) return { intent: "stips", ok: false, message: error.message };
    throw error;
  }
}

/** The Documents for signature section's forms (form-encoded): generate, send, void, a new link. */
async function runSigningAction(dealId: string, form: FormData): Promise<SigningActionResult> {
  const text = (name: string) => String(form.get(name) ?? "");
  try {
    const packageId = text("packageId");
    if (text("intent") === signingIntents.generate) {
      let signers: unknown;
      try {
        signers = JSON.parse(text("signers"));
      } catch {
        signers = [];
      }
      await call(generateSigningPackage, {
        params: { id: dealId },
        body: { signers: signers as never, inOrder: text("inOrder") === "true", lease: text("lease") === "true" },
      });
    } else if (text("intent") === signingIntents.send) await call(sendSigningPackage, { params: { id: packageId } });
    else if (text("intent") === signingIntents.void)
      await call(voidSigningPackage, { params: { id: packageId }, body: { reason: text("reason") } });
    else await call(resendSigningRequest, { params: { id: packageId, signerId: text("signerId") } });
    return { intent: "signing", ok: true, message: "Saved." };
  } catch (error) {
    if (error instanceof ApiError) return { intent: "signing", ok: false, message: error.message };
    throw error;
  }
}

/** The Verification and funding section's forms (form-encoded): the call, prepare, approve, reject, cancel. */
async function runFundingAction(dealId: string, form: FormData): Promise<FundingActionResult> {
  const text = (name: string) => String(form.get(name) ?? "");
  const fundingId = { params: { id: text("fundingId") } };
  try {
    const intent = text("intent");
    if (intent === fundingIntents.verify)
      await call(recordVerification, {
        params: { id: dealId },
        body: {
          calledName: text("calledName"),
          calledPhone: text("calledPhone"),
          calledAt: text("calledAt"),
          identity: text("identity") === "true",
          equipmentReceived: text("equipmentReceived") === "true",
          paymentAndTerm: text("paymentAndTerm") === "true",
          insurance: text("insurance") === "true",
          deliveryCertificateDocumentId: text("deliveryCertificateDocumentId"),
          note: text("note"),
        },
      });
    else if (intent === fundingIntents.prepare) await call(prepareFunding, { params: { id: dealId } });
    else if (intent === fundingIntents.approve) await call(approveFunding, fundingId);
    else if (intent === fundingIntents.reject)
      await call(rejectFunding, { ...fundingId, body: { reason: text("reason") } });
    else await call(cancelFunding, { ...fundingId, body: { reason: text("reason") } });
    return { intent: "funding", ok: true, message: "Saved." };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const fieldErrors = Object.fromEntries(
      error.details.map((detail) => [detail.path.replace(/^\//, ""), detail.message]),
    );
    return { intent: "funding", ok: false, message: error.message, ...(error.details.length ? { fieldErrors } : {}) };
  }
}

/**
 * The deal form (JSON, PATCH), an answer to the vendor (multipart), or the Funders and Stips sections' forms
 * (form-encoded). A refusal is answered as data for the screen to say; the deal is then read again.
 */
export async function clientAction({
  params,
  request,
}: Route.ClientActionArgs): Promise<
  DealActionResult | FunderActionResult | StipActionResult | SigningActionResult | FundingActionResult
> {
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("application/x-www-form-urlencoded")) {
    const form = await request.formData();
    if (Object.values(signingIntents).includes(String(form.get("intent")) as never))
      return runSigningAction(params.id, form);
    if (Object.values(fundingIntents).includes(String(form.get("intent")) as never))
      return runFundingAction(params.id, form);
    const stipIntent = Object.values(stipIntents).includes(String(form.get("intent")) as never);
    return stipIntent ? runStipAction(params.id, form) : runFunderAction(params.id, form);
  }
  const intent = type.startsWith("application/json") ? "update" : "answer";
  try {
    if (intent === "update") {
      await call(updateBackOfficeDeal, {
        params: { id: params.id },
        body: dealUpdateRequest.parse(await request.json()),
      });
    } else {
      await call(postBackOfficeDealMessage, {
        params: { id: params.id },
        body: multipartForm(postBackOfficeDealMessage, await request.formData()),
      });
    }
    return { intent, ok: true, error: null };
  } catch (error) {
    if (error instanceof ApiError) return { intent, ok: false, error: error.message };
    throw error;
  }
}

export const ErrorBoundary = RouteError;

export default function BackOfficeDeal({ loaderData }: Route.ComponentProps) {
  return <DealScreen {...loaderData} />;
}
