import { describe, expect, it } from "vitest";
import { passwordLinkToken, passwordLinkUrl } from "./password-link.ts";

describe("the reset and invitation link", () => {
  it("carries the token in its fragment only, and reads it back", () => {
    const token = "Ab3_-x".repeat(4);
    const url = new URL(passwordLinkUrl("https://lender.example", token));
    expect(url.pathname).toBe("/reset-password");
    expect(url.search).toBe("");
    expect(url.hash).toBe(`#token=${token}`);
    expect(url.href.replace(url.hash, "")).not.toContain(token);
    expect(passwordLinkToken(url.hash)).toBe(token);
  });

  it("reads nothing else: no fragment, another name, extra parameters or characters", () => {
    for (const hash of [
      "",
      "#",
      "#token=",
      `#resume=abc`,
      "#token=abc&x=1",
      "#token=a%2Fb",
      "?token=abc",
      "#x=1&token=abc",
    ])
      expect(passwordLinkToken(hash), hash).toBeNull();
  });
});
