import { describe, expect, it } from "vitest";
import {
  creditApplicationDraft,
  draftResumeUrl,
  resumeTokenFromHash,
  typedDraftValues,
} from "./credit-application-draft-schema.ts";

const issuesOf = (draft: object) => {
  const result = creditApplicationDraft.safeParse(draft);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
};

describe("the draft of a credit application", () => {
  it("accepts nothing typed, and empty or blank fields", () => {
    expect(issuesOf({})).toEqual([]);
    expect(issuesOf({ BusinessName: "", ssn: "   ", businessZipCode: "" })).toEqual([]);
  });

  it("checks each typed field with the application's own format and message", () => {
    expect(issuesOf({ ssn: "531-86" })).toEqual([["ssn", "Please enter the Social Security number as ###-##-####."]]);
    expect(issuesOf({ ssn2: "5318" })).toEqual([["ssn2", "Please enter the Social Security number as ###-##-####."]]);
    expect(issuesOf({ businessZipCode: "123", FedId: "1" })).toEqual([
      ["FedId", "Please enter the federal tax ID as ##-#######."],
      ["businessZipCode", "Please enter a 5-digit ZIP code."],
    ]);
    expect(issuesOf({ businessEmail: "nope" })).toEqual([["businessEmail", "Please enter a valid e-mail address."]]);
    expect(issuesOf({ businessStarted: "2999-01-01" })).toEqual([
      ["businessStarted", "Please enter the date the business started."],
    ]);
    expect(issuesOf({ ssn: "531-86-4207", FedId: "98-7654321", homeZipcode2: "93704", hasSecondOwner: true })).toEqual(
      [],
    );
  });

  it("keeps only the application's fields", () => {
    const parsed = creditApplicationDraft.parse({
      BusinessName: "Harbor",
      acceptCheck: true,
      idempotencyKey: "x",
      somethingElse: "y",
    });
    expect(parsed).toEqual({ BusinessName: "Harbor" });
  });

  it("stores only what was typed", () => {
    expect(
      typedDraftValues({
        BusinessName: "Harbor",
        FedId: "",
        ssn: "  ",
        hasSecondOwner: false,
        acceptCheck: true,
        idempotencyKey: "k",
      }),
    ).toEqual({ BusinessName: "Harbor" });
    expect(typedDraftValues({ hasSecondOwner: true, contactName2: "Dan" })).toEqual({
      hasSecondOwner: true,
      contactName2: "Dan",
    });
  });

  it("puts the link's token in the fragment and reads it back", () => {
    const token = "a".repeat(43);
    const url = new URL(draftResumeUrl("https://lender.example", token));
    expect(url.search).toBe("");
    expect(url.pathname).toBe("/ApplyNow");
    expect(resumeTokenFromHash(url.hash)).toBe(token);
    expect(resumeTokenFromHash("#other")).toBeNull();
  });
});
