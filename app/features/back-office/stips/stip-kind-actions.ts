import { createStipKind, stipKindInput, updateStipKind, type StipKindInput } from "#domain/stips/catalog-contracts.ts";
import { ApiError, call } from "../../../lib/call.ts";

export type StipKindActionResult = { ok: boolean; message: string };

const textFields = [
  "name",
  "description",
  "satisfiedBy",
  "programs",
  "minAmount",
] as const satisfies readonly (keyof StipKindInput)[];
const flags = ["pickedByDefault", "active"] as const satisfies readonly (keyof StipKindInput)[];

/** What a catalog stip's form posts to the route's action: its fields as typed, `id` when editing. */
export function stipKindFormData(
  values: Record<(typeof textFields)[number], string> & Record<(typeof flags)[number], boolean>,
  id: string | null,
): Record<string, string> {
  return {
    ...Object.fromEntries(textFields.map((name) => [name, values[name]])),
    ...Object.fromEntries(flags.map((name) => [name, values[name] ? "true" : "false"])),
    ...(id ? { id } : {}),
  };
}

/** The catalog screen's action: add or change a stip, checked by the endpoint's own schema first. */
export async function saveStipKind(form: FormData): Promise<StipKindActionResult> {
  const values = {
    ...Object.fromEntries(textFields.map((name) => [name, String(form.get(name) ?? "")])),
    ...Object.fromEntries(flags.map((name) => [name, form.get(name) === "true"])),
  } as StipKindInput;
  if (!stipKindInput.safeParse(values).success)
    return { ok: false, message: "The stip was not saved. Please check the highlighted fields." };
  const id = form.get("id");
  try {
    const saved =
      typeof id === "string" && id
        ? await call(updateStipKind, { params: { id }, body: values })
        : await call(createStipKind, { body: values });
    return { ok: true, message: `${saved.stipKind.name} saved.` };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: `The stip was not saved. ${error.message}` };
    throw error;
  }
}
