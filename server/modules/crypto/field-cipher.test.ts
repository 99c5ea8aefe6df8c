import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createFieldCipher, lastFour } from "./field-cipher.ts";

const key = randomBytes(32).toString("base64");

describe("field cipher", () => {
  it("round-trips and never repeats a ciphertext", () => {
    const cipher = createFieldCipher(key);
    const a = cipher.encrypt("123-45-6789");
    const b = cipher.encrypt("123-45-6789");
    expect(a).not.toBe(b);
    expect(a).not.toContain("6789");
    expect(cipher.decrypt(a)).toBe("123-45-6789");
  });

  it("detects tampering and a different key", () => {
    const cipher = createFieldCipher(key);
    const token = cipher.encrypt("12-3456789");
    const parts = token.split(".");
    parts[4] = Buffer.from("tampered").toString("base64url");
    expect(() => cipher.decrypt(parts.join("."))).toThrow();
    expect(() => createFieldCipher(randomBytes(32).toString("base64")).decrypt(token)).toThrow("another key");
  });

  it("refuses a key of the wrong size", () => {
    expect(() => createFieldCipher(randomBytes(16).toString("base64"))).toThrow("32 bytes");
  });

  it("keeps the last four digits for masking", () => {
    expect(lastFour("123-45-6789")).toBe("6789");
  });
});
