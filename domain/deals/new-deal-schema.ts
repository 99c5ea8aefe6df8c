import * as z from "zod/mini";
import { emailAddress, idempotencyKey, optionalText } from "../forms/fields.ts";
import { parseMoney } from "../pricing/money-format.ts";
import type { FileSlot } from "../http/endpoint.ts";

export const newDealMessages = {
  confirm: "Please remind client we will reach out within 30-60 minutes. Ready to upload?",
  success: "Success! Uploaded successfully.",
  failure: "Oops... Something went wrong. Please try again later.",
  noFiles: "Oops... Please select at least one file first!",
} as const;

const optionalMoney = z.string().check(
  z.trim(),
  z.refine((value) => value === "" || (parseMoney(value) ?? -1) >= 0, "Please enter an amount in dollars."),
);
const optionalEin = z.string().check(z.trim(), z.regex(/^(\d{2}-\d{7})?$/, "Please enter the tax ID as ##-#######."));
const optionalDate = z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/, "Please enter a date."));

/** Step 1 of Submit New Deal (docs/product-rules.md#r52-forms-check-what-the-spec-checks): names are uppercased; the phone has at least 9 characters. */
export const newDealClientSchema = z.object({
  businessName: z
    .string()
    .check(z.trim(), z.toUpperCase(), z.regex(/\w/, "Please enter the business name."), z.maxLength(120)),
  ownersName: z
    .string()
    .check(
      z.trim(),
      z.toUpperCase(),
      z.regex(/\w/, "Please enter the owner's name."),
      z.maxLength(20, "Please use at most 20 characters."),
    ),
  businessPhone: z.string().check(z.trim(), z.minLength(9, "Please enter the business phone.")),
  businessEmail: z.union([z.literal(""), emailAddress()]),
  equipDesc: optionalText(300),
  costOfEq: optionalMoney,
  downPayment: optionalMoney,
  businessTaxId: optionalEin,
  dobContact: optionalDate,
  VendorComment: optionalText(2000),
  idempotencyKey,
});

export type NewDealClient = z.infer<typeof newDealClientSchema>;

export const documentSlots = [
  { id: "client-info", label: "Client information", required: true },
  { id: "additional-1", label: "Additional documents", required: false },
  { id: "additional-2", label: "Additional documents", required: false },
] as const;

export type DocumentSlot = (typeof documentSlots)[number]["id"];

/** docs/product-rules.md#r16-documents: checked by content; the extension must agree with what the content is. */
export const acceptedDocumentTypes: Record<string, readonly string[]> = {
  "application/pdf": ["pdf"],
  "application/x-cfb": ["doc"],
  "application/msword": ["doc"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ["docx"],
  "application/xml": ["xml"],
  "image/jpeg": ["jpg", "jpeg"],
  "image/png": ["png"],
  "image/gif": ["gif"],
  "image/webp": ["webp"],
  "image/heic": ["heic"],
  "image/heif": ["heic", "heif"],
  "image/tiff": ["tif", "tiff"],
};

export const acceptAttribute = ".pdf,.doc,.docx,.xml,.jpg,.jpeg,.png,.gif,.webp,.heic,.heif,.tif,.tiff";
export const maxFileBytes = 25 * 1024 * 1024;
export const maxFilesPerSubmission = 10;

/** A document, a message's attachment: any accepted type, up to the size limit, up to the submission's count. */
export const documentFile: FileSlot = {
  maxCount: maxFilesPerSubmission,
  maxBytes: maxFileBytes,
  accept: acceptedDocumentTypes,
};

/** The new deal's file fields, one per document slot (the dialog shows the same list). */
export const dealDocumentFiles = Object.fromEntries(documentSlots.map((slot) => [slot.id, documentFile])) as Record<
  DocumentSlot,
  FileSlot
>;

/** A problem with files chosen for a message or a deal, said before they are sent (the server checks again). */
export function chosenFilesProblem(files: readonly { name: string; size: number }[]): string | null {
  if (files.length > maxFilesPerSubmission) return `Choose at most ${maxFilesPerSubmission} files.`;
  const tooLarge = files.find((file) => file.size > maxFileBytes);
  return tooLarge ? `${tooLarge.name} is larger than ${maxFileBytes / 1024 / 1024} MB.` : null;
}

/** File names in the dialog are shown truncated to 12 characters (docs/product-rules.md#r52-forms-check-what-the-spec-checks). */
export function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
