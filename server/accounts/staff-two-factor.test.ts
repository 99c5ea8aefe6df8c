import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { authRoles } from "#domain/auth/roles.ts";
import { signIn, startTestServer } from "../../tests/support/test-server.ts";
import { createAccount } from "./create-account.ts";

describe("two-factor", () => {
  it("keeps staff without two-factor away from customer data when it is required", async () => {
    const strict = await startTestServer({ STAFF_2FA_REQUIRED: "true" });
    try {
      await createAccount(strict.auth, {
        email: "staff2@lender.example",
        name: "S",
        role: authRoles.staff,
        password: "staff-password-2",
        emailVerified: true,
      });
      const { cookie } = await signIn(strict.app, "staff2@lender.example", "staff-password-2");
      for (const url of [
        "/api/back-office/deals",
        "/api/back-office/vendors",
        `/api/back-office/deals/${randomUUID()}`,
      ]) {
        const response = await strict.app.inject({ url, headers: { cookie } });
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe("TWO_FACTOR_REQUIRED");
      }
    } finally {
      await strict.close();
    }
  });
});
