import { stageLabel } from "#domain/deals/stages.ts";

/**
 * What a deal event tells the dealer's system about the deal: the fields a vendor sees in the
 * portal list, never the client's tax id, date of birth or contact details.
 */
export function dealEventData(found: { id: string; accountNumber: string; businessName: string; stage: number }) {
  return { id: found.id, accountNumber: found.accountNumber, businessName: found.businessName, stage: found.stage, stageLabel: stageLabel(found.stage) };
}
