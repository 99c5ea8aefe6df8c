import { describe, expect, it } from "vitest";
import { canonicalJson } from "./request-fingerprint.ts";

describe("canonicalJson", () => {
  it("gives the same text whatever the order of keys", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 2 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [2, { x: 2, y: 1 }] }, b: 1 }),
    );
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it("tells different values apart", () => {
    expect(canonicalJson({ a: "1" })).not.toBe(canonicalJson({ a: 1 }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson({ a: undefined })).toBe("{}");
    expect(canonicalJson(undefined)).toBe("null");
  });
});
