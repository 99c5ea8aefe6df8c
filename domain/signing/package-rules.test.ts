import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  maxSigners,
  packageDocumentPlan,
  packageExpiresAt,
  packageGenerationProblem,
  signersProblem,
  signingReminderDue,
  type SignerInput,
} from "./package-rules.ts";

const timeZone = "America/Los_Angeles";
const signer = (patch: Partial<SignerInput> = {}): SignerInput => ({
  name: "Maria Lopez",
  email: "maria@granitepeak.example",
  title: "Owner",
  signsForBusiness: true,
  guarantor: true,
  ...patch,
});

describe("packageDocumentPlan", () => {
  it("gives the business's signer the agreement, acceptance and ACH authorization, and each guarantor a guaranty", () => {
    const plan = packageDocumentPlan(
      [
        signer(),
        signer({ email: "b@x.example", signsForBusiness: false }),
        signer({ email: "c@x.example", signsForBusiness: false, guarantor: false }),
      ],
      false,
    );
    expect(plan).toEqual([
      { kind: "equipment-finance-agreement", signerIndex: 0 },
      { kind: "personal-guaranty", signerIndex: 0 },
      { kind: "personal-guaranty", signerIndex: 1 },
      { kind: "delivery-and-acceptance", signerIndex: 0 },
      { kind: "ach-debit-authorization", signerIndex: 0 },
    ]);
  });

  it("makes a lease agreement for a lease program, and nothing without a business signer", () => {
    expect(packageDocumentPlan([signer({ guarantor: false })], true).map((each) => each.kind)).toEqual([
      "lease-agreement",
      "delivery-and-acceptance",
      "ach-debit-authorization",
    ]);
    expect(packageDocumentPlan([signer({ signsForBusiness: false })], false)).toEqual([]);
  });
});

describe("signersProblem", () => {
  it.each([
    [[], "Add at least one signer."],
    [[signer(), signer()], "Choose exactly one signer who signs for the business."],
    [[signer(), signer({ signsForBusiness: false })], "Each signer needs their own e-mail address."],
    [[signer({ signsForBusiness: false, guarantor: false })], "Choose exactly one signer who signs for the business."],
    [
      [signer(), signer({ email: "x@y.example", signsForBusiness: false, guarantor: false })],
      "Each signer signs for the business, guarantees, or both.",
    ],
    [
      Array.from({ length: maxSigners + 1 }, (_, index) =>
        signer({ email: `${index}@x.example`, signsForBusiness: index === 0 }),
      ),
      `A package has at most ${maxSigners} signers.`,
    ],
  ])("refuses %#", (signers, message) => {
    expect(signersProblem(signers)).toBe(message);
  });

  it("takes one business signer and guarantors with their own addresses, whatever the case of the address", () => {
    expect(signersProblem([signer(), signer({ email: "Other@X.example", signsForBusiness: false })])).toBeNull();
    expect(signersProblem([signer(), signer({ email: "MARIA@granitepeak.example", signsForBusiness: false })])).toBe(
      "Each signer needs their own e-mail address.",
    );
  });
});

describe("packageExpiresAt", () => {
  const sentAt = new Date("2026-11-23T18:00:00Z");
  it("lasts 14 days when the approval holds longer", () => {
    expect(packageExpiresAt(sentAt, "2026-12-31", timeZone)).toEqual(new Date("2026-12-07T18:00:00Z"));
  });
  it("ends with the approval's last day in the business time zone", () => {
    // Midnight starting Dec 1 in Los Angeles is 08:00 UTC.
    expect(packageExpiresAt(sentAt, "2026-11-30", timeZone)).toEqual(new Date("2026-12-01T08:00:00Z"));
  });
});

describe("signing reminders", () => {
  it("counts business days on the calendar, skipping weekends, holidays and the admins' days off", () => {
    expect(addBusinessDays("2026-11-20", 1)).toBe("2026-11-23"); // Friday -> Monday
    expect(addBusinessDays("2026-11-25", 1)).toBe("2026-11-27"); // Thanksgiving skipped
    expect(addBusinessDays("2026-11-23", 1, { "2026-11-24": false })).toBe("2026-11-25");
  });

  // Monday 2026-11-16, 10:00 in Los Angeles.
  const notifiedAt = new Date("2026-11-16T18:00:00Z");
  it("reminds 1 business day after the request, then 3, then never", () => {
    expect(signingReminderDue(notifiedAt, 0, new Date("2026-11-17T17:59:59Z"), timeZone)).toBe(false);
    expect(signingReminderDue(notifiedAt, 0, new Date("2026-11-17T18:00:00Z"), timeZone)).toBe(true);
    expect(signingReminderDue(notifiedAt, 1, new Date("2026-11-18T18:00:00Z"), timeZone)).toBe(false);
    expect(signingReminderDue(notifiedAt, 1, new Date("2026-11-19T18:00:00Z"), timeZone)).toBe(true);
    expect(signingReminderDue(notifiedAt, 2, new Date("2027-01-01T00:00:00Z"), timeZone)).toBe(false);
  });

  it("waits over a weekend: a Friday request is reminded on Monday", () => {
    const friday = new Date("2026-11-20T18:00:00Z");
    expect(signingReminderDue(friday, 0, new Date("2026-11-22T19:00:00Z"), timeZone)).toBe(false);
    expect(signingReminderDue(friday, 0, new Date("2026-11-23T18:00:00Z"), timeZone)).toBe(true);
  });
});

describe("packageGenerationProblem", () => {
  const ready = {
    approvalExpiresOn: "2026-12-20",
    today: "2026-11-27",
    stipsReady: true,
    openPackage: false,
    dealOpen: true,
  };
  it("lets a deal with a live approval, its stips in and no open package generate", () => {
    expect(packageGenerationProblem(ready)).toBeNull();
  });
  it.each([
    [{ dealOpen: false }, "This deal is closed: documents are no longer prepared for it."],
    [{ approvalExpiresOn: null }, "Present an approval before preparing documents."],
    [{ today: "2026-12-21" }, "The approval has expired: renew it before documents."],
    [{ stipsReady: false }, "Every stip must be accepted or waived before documents."],
    [{ openPackage: true }, "This deal already has documents being prepared or out for signature."],
  ])("refuses %o", (patch, message) => {
    expect(packageGenerationProblem({ ...ready, ...patch })).toBe(message);
  });
  it("lets the approval's last day through", () => {
    expect(packageGenerationProblem({ ...ready, today: "2026-12-20" })).toBeNull();
  });
});
