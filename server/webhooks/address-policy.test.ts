import { describe, expect, it } from "vitest";
import { classifyAddress } from "./address-policy.ts";

const refused = (address: string, allowLoopback = false) => {
  const verdict = classifyAddress(address, { allowLoopback });
  return verdict.allowed ? null : verdict.reason;
};

describe("webhook address policy", () => {
  it("allows public unicast addresses", () => {
    for (const address of [
      "93.184.216.34",
      "8.8.8.8",
      "1.1.1.1",
      "172.32.0.1",
      "100.128.0.1",
      "2606:4700:4700::1111",
      "2a00:1450:4001:80b::200e",
    ]) {
      expect(refused(address), address).toBeNull();
    }
  });

  it("refuses every IPv4 range that is not the internet", () => {
    expect(refused("127.0.0.1")).toBe("loopback");
    expect(refused("127.255.1.2")).toBe("loopback");
    expect(refused("10.0.0.1")).toBe("private");
    expect(refused("172.16.0.1")).toBe("private");
    expect(refused("172.31.255.254")).toBe("private");
    expect(refused("192.168.1.1")).toBe("private");
    expect(refused("169.254.169.254")).toBe("link-local");
    expect(refused("169.254.0.1")).toBe("link-local");
    expect(refused("100.64.0.1")).toBe("shared (CGNAT)");
    expect(refused("100.127.255.255")).toBe("shared (CGNAT)");
    expect(refused("0.0.0.0")).toBe("unspecified");
    expect(refused("224.0.0.1")).toBe("multicast");
    expect(refused("239.255.255.250")).toBe("multicast");
    expect(refused("255.255.255.255")).toBe("reserved");
    expect(refused("192.0.2.10")).toBe("documentation");
  });

  it("refuses IPv6 loopback, unspecified, unique-local, link-local and multicast", () => {
    expect(refused("::1")).toBe("loopback");
    expect(refused("0:0:0:0:0:0:0:1")).toBe("loopback");
    expect(refused("::")).toBe("unspecified");
    expect(refused("fc00::1")).toBe("private (unique local)");
    expect(refused("fd12:3456:789a::1")).toBe("private (unique local)");
    expect(refused("fe80::1")).toBe("link-local");
    expect(refused("fe80::1%eth0")).toBe("link-local");
    expect(refused("febf::1")).toBe("link-local");
    expect(refused("ff02::1")).toBe("multicast");
    expect(refused("2001:db8::1")).toBe("documentation");
  });

  it("judges IPv6 spellings of an IPv4 address as that address", () => {
    expect(refused("::ffff:127.0.0.1")).toBe("loopback");
    expect(refused("::ffff:7f00:1")).toBe("loopback");
    expect(refused("::ffff:10.1.2.3")).toBe("private");
    expect(refused("::ffff:a9fe:a9fe")).toBe("link-local");
    expect(refused("::ffff:192.168.0.1")).toBe("private");
    expect(refused("::127.0.0.1")).toBe("loopback");
    expect(refused("64:ff9b::169.254.169.254")).toBe("link-local");
    expect(refused("2002:7f00:1::1")).toBe("loopback");
    expect(refused("2002:c0a8:101::1")).toBe("private");
    expect(refused("::ffff:8.8.8.8")).toBeNull();
  });

  it("with loopback allowed (tests), lets loopback through and nothing else", () => {
    expect(refused("127.0.0.1", true)).toBeNull();
    expect(refused("::1", true)).toBeNull();
    expect(refused("::ffff:127.0.0.1", true)).toBeNull();
    expect(refused("10.0.0.1", true)).toBe("private");
    expect(refused("169.254.169.254", true)).toBe("link-local");
    expect(refused("192.168.0.1", true)).toBe("private");
  });

  it("refuses what is not an IP address", () => {
    expect(refused("example.com")).toBe("not an IP address");
  });
});
