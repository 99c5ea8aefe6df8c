import type { NoticeContentRequest } from "#domain/adverse-action/contracts.ts";

/** What the adverse-action route's action is sent (JSON) and answers (routes/back-office-adverse-action-change.tsx). */
export type AdverseActionChange =
  | { intent: "save"; content: NoticeContentRequest }
  | { intent: "recipient"; email: string }
  | { intent: "send" }
  | { intent: "decision"; decision: "pending" | "approved" | "declined" }
  | { intent: "completed"; completedOn: string };
export type AdverseActionResult = { intent: AdverseActionChange["intent"]; ok: boolean; error: string | null };

export const adverseActionPath = (type: string, id: string) => `/back-office/adverse-action/${type}/${id}`;
