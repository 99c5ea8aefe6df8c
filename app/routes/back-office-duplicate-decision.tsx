import { data, redirect } from "react-router";
import * as z from "zod/mini";
import { decideDuplicate } from "#domain/duplicates/contracts.ts";
import type { DuplicateDecisionResult } from "../features/back-office/duplicates/duplicate-links.tsx";
import { ApiError, call } from "../lib/call.ts";
import type { Route } from "./+types/back-office-duplicate-decision";

const decision = z.object({ decision: z.enum(["merge", "dismiss"]) });

/** Opened as a page: the list, where the decision is made. */
export const clientLoader = () => redirect("/back-office/duplicates");

/** Merge or dismiss a possible duplicate (from the list or a record's page); no screen of its own. */
export async function clientAction({ params, request }: Route.ClientActionArgs): Promise<DuplicateDecisionResult> {
  const id = z.uuid().safeParse(params.id);
  if (!id.success) throw data("Not found.", { status: 404 });
  try {
    await call(decideDuplicate, { params: { id: id.data }, body: decision.parse(await request.json()) });
    return { ok: true, error: null };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error: error.message };
    throw error;
  }
}
