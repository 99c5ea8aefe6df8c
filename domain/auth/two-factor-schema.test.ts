import { describe, expect, it } from "vitest";
import { totpCodeRequest, twoFactorEnableRequest, twoFactorSetupMessages } from "./two-factor-schema.ts";

describe("two-factor setup schemas", () => {
  it("asks for the password again, with the message the setup screen shows", () => {
    expect(twoFactorEnableRequest.safeParse({ password: "correct horse" }).success).toBe(true);
    expect(twoFactorEnableRequest.safeParse({ password: "" }).error?.issues[0]?.message).toBe(
      twoFactorSetupMessages.wrongPassword,
    );
    expect(twoFactorEnableRequest.safeParse({ password: "x".repeat(129) }).success).toBe(false);
  });

  it("takes a 6-digit code, trimmed", () => {
    expect(totpCodeRequest.parse({ code: " 123456 " })).toEqual({ code: "123456" });
    for (const code of ["", "12345", "1234567", "12345a", "123 456"]) {
      expect(totpCodeRequest.safeParse({ code }).error?.issues[0]?.message).toBe(twoFactorSetupMessages.invalidCode);
    }
  });
});
