import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packageStatusValues } from "./package-status.ts";
import {
  closedPackageMessage,
  initialsOf,
  nextInOrder,
  packageOpen,
  packageRefusal,
  signerMessages,
  waitingFor,
} from "./signer-access.ts";

const now = new Date("2026-05-04T15:00:00Z");
const later = new Date("2026-05-10T15:00:00Z");
const earlier = new Date("2026-05-01T15:00:00Z");

describe("whether a package takes signatures", () => {
  it("takes them only while sent and before its expiry", () => {
    expect(packageOpen({ status: "sent", expiresAt: later }, now)).toBe(true);
    expect(packageOpen({ status: "sent", expiresAt: earlier }, now)).toBe(false);
    for (const status of packageStatusValues.filter((value) => value !== "sent"))
      expect([status, packageOpen({ status, expiresAt: later }, now)]).toEqual([status, false]);
  });

  it("says why in the lender's words: withdrawn, expired (by status or by time), declined, completed", () => {
    expect(packageRefusal({ status: "sent", expiresAt: later }, now, "Keystone")).toBeNull();
    expect(packageRefusal({ status: "voided", expiresAt: later }, now, "Keystone")).toBe(
      "These documents were withdrawn by Keystone. You do not need to sign them. Your finance specialist will contact you if new documents are needed.",
    );
    expect(packageRefusal({ status: "sent", expiresAt: earlier }, now, "Keystone")).toBe(
      signerMessages.expired("Keystone"),
    );
    expect(packageRefusal({ status: "expired", expiresAt: earlier }, now, "Keystone")).toBe(
      signerMessages.expired("Keystone"),
    );
    expect(closedPackageMessage("declined", "Keystone")).toContain("declined by a signer");
    expect(closedPackageMessage("completed", "Keystone")).toBe(signerMessages.completed);
  });

  it("has a message for every status but sent", () => {
    for (const status of packageStatusValues)
      expect([status, closedPackageMessage(status, "L") === null]).toEqual([status, status === "sent"]);
  });
});

describe("whose turn it is", () => {
  const signers = [
    { id: "b", name: "Ben Guarantor", position: 1, signedAt: null },
    { id: "a", name: "Dana Owner", position: 0, signedAt: null },
    { id: "c", name: "Cy Guarantor", position: 2, signedAt: null },
  ];

  it("is everyone's at once when the package is not in order", () => {
    for (const signer of signers) expect(waitingFor(signers, signer.id, false)).toBeNull();
  });

  it("in order, is the first unsigned signer's; the others wait for the one before them", () => {
    expect(waitingFor(signers, "a", true)).toBeNull();
    expect(waitingFor(signers, "b", true)).toBe("Dana Owner");
    expect(waitingFor(signers, "c", true)).toBe("Dana Owner");
    const afterFirst = signers.map((signer) => (signer.id === "a" ? { ...signer, signedAt: now } : signer));
    expect(waitingFor(afterFirst, "b", true)).toBeNull();
    expect(waitingFor(afterFirst, "c", true)).toBe("Ben Guarantor");
    expect(signerMessages.notYourTurn("Dana Owner")).toBe(
      "Dana Owner signs first. We will e-mail you when it is your turn.",
    );
  });

  it("asks the next unsigned, undeclined signer by position", () => {
    expect(nextInOrder(signers, "a")?.id).toBe("b");
    expect(nextInOrder(signers, "b")?.id).toBe("c");
    expect(nextInOrder(signers, "c")).toBeNull();
    const bSigned = signers.map((signer) => (signer.id === "b" ? { ...signer, signedAt: now } : signer));
    expect(nextInOrder(bSigned, "a")?.id).toBe("c");
  });

  it("never makes anyone wait for a signer after them", () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }), fc.nat(5), (signed, pick) => {
        const list = signed.map((done, position) => ({
          id: String(position),
          name: `S${position}`,
          position,
          signedAt: done ? now : null,
        }));
        const me = list[pick % list.length]!;
        const waiting = waitingFor(list, me.id, true);
        if (waiting !== null) expect(Number(waiting.slice(1))).toBeLessThan(me.position);
        else expect(list.filter((each) => each.position < me.position).every((each) => each.signedAt)).toBe(true);
      }),
    );
  });
});

describe("initials", () => {
  it.each([
    ["Dana R. Whitfield", "DRW"],
    ["  josé  álvarez ", "JÁ"],
    ["O'Neil", "O"],
    ["", ""],
  ])("of %j are %j", (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
