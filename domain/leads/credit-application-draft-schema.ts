import * as z from "zod/mini";
import { emailAddress, honeypot } from "../forms/fields.ts";
import { creditApplicationFieldRules, draftToken, ownerFieldNames } from "./credit-application-schema.ts";

/** How long a "Save and finish later" link reopens the application (docs/product-rules.md#r6-save-and-finish-later). */
export const draftLifetimeDays = 7;

/** Saves per e-mail address in an hour, on top of the per-address limit of every public form. */
export const draftSavesPerEmailPerHour = 5;

export const draftMessages = {
  expired: "This link has expired. Start a new application or ask for a new link.",
  resumed: "Welcome back: your saved application is filled in below. Check it, finish it and submit it.",
  sent: (email: string) =>
    `We sent a link to ${email}. It reopens your application on any device for ${draftLifetimeDays} days.`,
  tooMany: "Too many saves for this e-mail address. Please try again in an hour.",
  explain: `We will e-mail you a link that reopens this application for ${draftLifetimeDays} days. What you typed is stored encrypted and nobody sees it until you submit.`,
} as const;

type FieldRule = z.ZodMiniType<unknown, string>;

/** Empty is fine in a draft; anything typed must already have the field's format. */
function typedOrEmpty(rule: FieldRule) {
  return z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(1000, "Please use at most 1000 characters."),
      z.superRefine((value, ctx) => {
        if (value === "") return;
        const result = rule.safeParse(value);
        if (!result.success)
          for (const issue of result.error.issues)
            ctx.addIssue({ code: "custom", message: issue.message, input: value });
      }),
    ),
  );
}

type TypedField = keyof typeof creditApplicationFieldRules;
type SecondOwnerField = `${(typeof ownerFieldNames)[number]}2`;

const rules = creditApplicationFieldRules as Record<TypedField, FieldRule>;
const draftShape = {
  ...(Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, typedOrEmpty(rule)])) as Record<
    TypedField,
    ReturnType<typeof typedOrEmpty>
  >),
  ...(Object.fromEntries(ownerFieldNames.map((name) => [`${name}2`, typedOrEmpty(rules[name])])) as Record<
    SecondOwnerField,
    ReturnType<typeof typedOrEmpty>
  >),
  hasSecondOwner: z.optional(z.boolean()),
};

/**
 * A credit application saved half-way: every field optional, each typed one in the application's
 * own format. No idempotency key, acceptance or honeypot: those belong to the submission.
 */
export const creditApplicationDraft = z.object(draftShape);
export type CreditApplicationDraft = z.infer<typeof creditApplicationDraft>;

/**
 * "Save and finish later": where to send the link, and what was typed so far. `replaces`: the token
 * of the draft this one was resumed from, whose link then stops working (only its holder can).
 */
export const saveDraftRequest = z.object({
  email: emailAddress(),
  draft: creditApplicationDraft,
  replaces: z.optional(draftToken),
  leaveEmpty: honeypot,
});
export type SaveDraftRequest = z.infer<typeof saveDraftRequest>;

export const saveDraftResponse = z.object({ expiresAt: z.string() });

/** The link's token travels in the URL fragment (never sent to a server by the browser) and then in this body. */
export const resumeDraftRequest = z.object({ token: draftToken });

export const resumeDraftResponse = z.object({ draft: creditApplicationDraft, expiresAt: z.string() });

/** The address of a draft's link: the token in the fragment, so it reaches no server log or Referer. */
export function draftResumeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/ApplyNow#resume=${token}`;
}

/** The token of a `#resume=…` fragment, or null. */
export function resumeTokenFromHash(hash: string): string | null {
  const match = /^#resume=([A-Za-z0-9_-]+)$/.exec(hash);
  return match ? match[1]! : null;
}

/** Only the fields that were typed (or ticked): what a draft stores. */
export function typedDraftValues(values: Record<string, unknown>): Record<string, string | boolean> {
  const typed: Record<string, string | boolean> = {};
  for (const name of Object.keys(draftShape)) {
    const value = values[name];
    if (typeof value === "string" && value.trim() !== "") typed[name] = value;
    if (name === "hasSecondOwner" && value === true) typed[name] = true;
  }
  return typed;
}
