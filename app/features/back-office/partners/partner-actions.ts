import {
  createPartner,
  partnerInput,
  updatePartner,
  uploadPartnerLogo,
  type PartnerInput,
} from "#domain/partners/back-office-contracts.ts";
import { ApiError, call, multipartForm } from "../../../lib/call.ts";

export type PartnerActionResult = { ok: boolean; message: string };

const fieldNames = Object.keys(partnerInput.shape) as (keyof PartnerInput)[];

/** What a partner form posts to the route's action: the checked fields, `id` when editing, the chosen `logo`. */
export function partnerFormData(values: PartnerInput, id: string | null, logo: FormDataEntryValue | null): FormData {
  const data = new FormData();
  for (const name of fieldNames) data.set(name, values[name] ?? "");
  if (id) data.set("id", id);
  if (logo instanceof File && logo.size > 0) data.set("logo", logo, logo.name);
  return data;
}

/** The partners screen's action: add or edit a partner calculator, then upload its logo if one was chosen. */
export async function savePartner(form: FormData): Promise<PartnerActionResult> {
  const parsed = partnerInput.safeParse(
    Object.fromEntries(fieldNames.map((name) => [name, form.get(name) ?? undefined])),
  );
  if (!parsed.success) return { ok: false, message: "The partner was not saved. Please check the highlighted fields." };
  const editing = form.get("id");
  let id: string;
  try {
    if (typeof editing === "string" && editing) {
      await call(updatePartner, { params: { id: editing }, body: parsed.data });
      id = editing;
    } else {
      id = (await call(createPartner, { body: parsed.data })).id;
    }
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: `The partner was not saved. ${error.message}` };
    throw error;
  }
  const logo = form.get("logo");
  if (logo instanceof File && logo.size > 0) {
    try {
      await call(uploadPartnerLogo, { params: { id }, body: multipartForm(uploadPartnerLogo, form) });
    } catch (error) {
      if (error instanceof ApiError)
        return { ok: false, message: `The partner was saved, but not its logo. ${error.message}` };
      throw error;
    }
  }
  return { ok: true, message: "Partner saved" };
}
