import * as z from "zod/mini";
import { emailAddress } from "../forms/fields.ts";

/**
 * Where the applicant's e-mail for the notice came from: the credit application, the deal's
 * client e-mail (typed by the vendor, or by the customer on a vendor link), or staff.
 */
export const noticeRecipientSources = ["application", "deal", "staff"] as const;
export type NoticeRecipientSource = (typeof noticeRecipientSources)[number];

export const noticeRecipientSourceLabels: Record<NoticeRecipientSource, string> = {
  application: "the business e-mail on the credit application",
  deal: "the client e-mail on the deal",
  staff: "entered by staff",
};

/** docs/product-rules.md#r30-never-to-a-users-address: a notice (and a status mail) never goes to an address that belongs to a user of the product. */
export const noticeRecipientMessages = {
  none: "There is no e-mail address for the applicant: enter the applicant's address.",
  userAddress: (address: string, source: NoticeRecipientSource) =>
    `${source === "staff" ? "The address entered" : `The address on file, ${noticeRecipientSourceLabels[source]},`} (${address}) belongs to a user of this site (a vendor or staff login), not to the applicant, so neither the notice nor status e-mails go there. Enter the applicant's own address.`,
  enteredIsUser:
    "This address belongs to a user of this site (a vendor or staff login). Enter the applicant's own address.",
};

/** Staff's entry of the applicant's address, when the one on file is missing or not the applicant's. */
export const noticeRecipientRequest = z.object({ email: emailAddress() });
export type NoticeRecipientRequest = z.infer<typeof noticeRecipientRequest>;
