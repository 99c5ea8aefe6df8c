import { apiRequest } from "../../lib/api.ts";

/** Posts a public form; the server answers with the stored record's id. */
export function submitLead(path: `/api/leads/${string}`, body: unknown): Promise<{ id: string }> {
  return apiRequest<{ id: string }>(path, { body });
}
