import { dealCallbackMinutes } from "#domain/response-times/response-promise.ts";
import type { DealUpdateContext } from "../deals/update-deal.ts";
import { allStageChecks, fundingStageCheck } from "../funding/funding-stage-check.ts";
import { approvalStageCheck } from "../funders/approval-stage-check.ts";
import { issueApplicantLink } from "../applicant-portal/issue-applicant-link.ts";
import type { DemoSampleDeps } from "./demo-sample-deps.ts";

type Person = { id: string; email: string };
export type VendorPerson = Person & { companyId: string; companyName: string };
/** The demo's accounts the samples are made by: the admin answers, the vendors (the demo company's reps too) submit. */
export type DemoPeople = {
  admin: Person;
  staff: Person;
  vendor: VendorPerson;
  otherVendor: VendorPerson;
  reps: VendorPerson[];
};

export type SampleContext = DealUpdateContext & { timeZone: string };

/** The context the public forms, the portal and the back office pass to the same functions. */
export function sampleContext(deps: DemoSampleDeps): SampleContext {
  const timeZone = deps.config.public.brand.timeZone;
  return {
    creditTeamEmail: deps.config.creditTeamEmail,
    cipher: deps.cipher,
    publicUrl: deps.config.publicUrl,
    product: deps.config.public.brand.name,
    rateLimit: { max: deps.config.leadRateLimitMax, timeWindow: "1 minute" },
    applicantPageLink: (db, dealId) => issueApplicantLink(db, deps.config.publicUrl, dealId),
    timeZone,
    stageCheck: allStageChecks(approvalStageCheck(timeZone), fundingStageCheck),
    promise: {
      timeZone,
      leadMinutes: deps.config.public.brand.claims.leadCallbackMinutes,
      dealMinutes: dealCallbackMinutes,
    },
  };
}
