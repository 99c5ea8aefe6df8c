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

  it("decrypts values of earlier keys by their key id and encrypts with the current key only", () => {
    const [oldest, previous, current] = [key, randomBytes(32).toString("base64"), randomBytes(32).toString("base64")];
    const fromOldest = createFieldCipher(oldest).encrypt("123-45-6789");
    const fromPrevious = createFieldCipher(previous).encrypt("12-3456789");
    const cipher = createFieldCipher(current, [previous, oldest]);
    expect(cipher.decrypt(fromOldest)).toBe("123-45-6789");
    expect(cipher.decrypt(fromPrevious)).toBe("12-3456789");
    const fresh = cipher.encrypt("1990-01-31");
    expect(fresh.split(".")[1]).toBe(cipher.keyId);
    expect(cipher.keyId).toBe(createFieldCipher(current).keyId);
    expect(createFieldCipher(current).decrypt(fresh)).toBe("1990-01-31");
    expect(() => createFieldCipher(current).decrypt(fromPrevious)).toThrow("another key");
  });

  it("refuses an earlier key of the wrong size", () => {
    expect(() => createFieldCipher(key, [randomBytes(16).toString("base64")])).toThrow("32 bytes");
  });

  it("refuses a key of the wrong size", () => {
    expect(() => createFieldCipher(randomBytes(16).toString("base64"))).toThrow("32 bytes");
  });

  it("keeps the last four digits for masking", () => {
    expect(lastFour("123-45-6789")).toBe("6789");
  });
});
