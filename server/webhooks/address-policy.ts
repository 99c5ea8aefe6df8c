import { isIPv4, isIPv6 } from "node:net";

/**
 * Whether a webhook may connect to an IP address: only public unicast ones. Refused: loopback,
 * private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16 with the cloud metadata
 * address, fe80::/10), unspecified, CGNAT (100.64/10), multicast, reserved and documentation
 * ranges, and IPv6 forms that carry one of those IPv4 addresses (mapped, compatible, NAT64, 6to4).
 * `allowLoopback` (WEBHOOK_ALLOW_LOOPBACK, tests only) lets loopback through and nothing else.
 */
export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

const v4Ranges: [string, number, string][] = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "shared (CGNAT)"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "reserved"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

function v4ToNumber(address: string): number {
  return address.split(".").reduce((value, part) => value * 256 + Number(part), 0);
}

function v4Class(address: string): string | null {
  const value = v4ToNumber(address);
  for (const [base, bits, name] of v4Ranges) {
    const size = 2 ** (32 - bits);
    const start = v4ToNumber(base);
    if (value >= start && value < start + size) return name;
  }
  return null;
}

/** The 8 groups of an IPv6 address (any spelling, with an embedded dotted IPv4 tail or a zone). */
function v6Groups(address: string): number[] {
  let text = address.split("%")[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const value = v4ToNumber(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

function v4FromGroups(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

function v6Class(address: string): string | null {
  const g = v6Groups(address);
  const zeroPrefix = (count: number) => g.slice(0, count).every((group) => group === 0);
  if (g.every((group) => group === 0)) return "unspecified";
  if (zeroPrefix(7) && g[7] === 1) return "loopback";
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), 64:ff9b::a.b.c.d (NAT64): judged as the IPv4 address.
  const embedded =
    (zeroPrefix(5) && g[5] === 0xffff) ||
    zeroPrefix(6) ||
    (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0));
  if (embedded)
    return v4Class(v4FromGroups(g[6]!, g[7]!)) ?? (g[0] === 0x64 ? null : zeroPrefix(6) ? "reserved" : null);
  // 6to4 (2002::/16) carries an IPv4 address in groups 1-2.
  if (g[0] === 0x2002) return v4Class(v4FromGroups(g[1]!, g[2]!));
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return "private (unique local)";
  if ((first & 0xffc0) === 0xfe80) return "link-local";
  if ((first & 0xffc0) === 0xfec0) return "site-local";
  if ((first & 0xff00) === 0xff00) return "multicast";
  if (first === 0x2001 && g[1] === 0x0db8) return "documentation";
  if (first === 0x0100 && zeroPrefix(4)) return "discard";
  // Only global unicast (2000::/3) is reachable on the internet.
  if ((first & 0xe000) !== 0x2000) return "reserved";
  return null;
}

export function isLoopbackAddress(address: string): boolean {
  if (isIPv4(address)) return v4Class(address) === "loopback";
  return isIPv6(address) && v6Class(address) === "loopback";
}

export function classifyAddress(
  address: string,
  options: { allowLoopback: boolean } = { allowLoopback: false },
): AddressVerdict {
  const kind = isIPv4(address) ? v4Class(address) : isIPv6(address) ? v6Class(address) : "not an IP address";
  if (kind === null) return { allowed: true };
  if (options.allowLoopback && isLoopbackAddress(address)) return { allowed: true };
  return { allowed: false, reason: kind };
}
