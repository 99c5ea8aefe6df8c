import {
  createFunder,
  funderInput,
  updateFunder,
  updateFunderSettings,
  type FunderInput,
} from "#domain/funders/contracts.ts";
import { ApiError, call } from "../../../lib/call.ts";

export type FunderActionResult = { ok: boolean; message: string };

const textFields = [
  "name",
  "contactName",
  "contactEmail",
  "contactPhone",
  "programs",
  "minCreditScore",
  "minMonthsInBusiness",
  "minAmount",
  "maxAmount",
  "industries",
  "states",
] as const satisfies readonly (keyof FunderInput)[];

/** What a funder form posts to the route's action: its fields as typed, `id` when editing. */
export function funderFormData(values: FunderInput, id: string | null): Record<string, string> {
  return {
    ...Object.fromEntries(textFields.map((name) => [name, values[name]])),
    active: values.active ? "true" : "false",
    ...(id ? { id } : {}),
  };
}

/** The funders screen's action: add or change a funder, checked by the endpoint's own schema first. */
export async function saveFunder(form: FormData): Promise<FunderActionResult> {
  const values: FunderInput = {
    ...(Object.fromEntries(textFields.map((name) => [name, String(form.get(name) ?? "")])) as Omit<
      FunderInput,
      "active"
    >),
    active: form.get("active") === "true",
  };
  if (!funderInput.safeParse(values).success)
    return { ok: false, message: "The funder was not saved. Please check the highlighted fields." };
  const id = form.get("id");
  try {
    const saved =
      typeof id === "string" && id
        ? await call(updateFunder, { params: { id }, body: values })
        : await call(createFunder, { body: values });
    return { ok: true, message: `${saved.funder.name} saved.` };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: `The funder was not saved. ${error.message}` };
    throw error;
  }
}

/** What the setting's form posts (field `intent`), beside the funder forms. */
export const funderSettingIntent = "funder-setting";

/** The setting's form: show the funder's name to dealers, or not (admins). */
export async function saveFunderSetting(form: FormData): Promise<FunderActionResult> {
  const showFunderName = form.get("showFunderName") === "true";
  try {
    await call(updateFunderSettings, { body: { showFunderName } });
    return {
      ok: true,
      message: showFunderName ? "Dealers now see the funder's name." : "Dealers no longer see the funder's name.",
    };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: `The setting was not saved. ${error.message}` };
    throw error;
  }
}
