import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { classifyAddress } from "./address-policy.ts";

export const unreachableMessage = "This address is not reachable from the internet. Use a public https:// address.";

/** A webhook URL that may not be called; its message is for the vendor (no internals). */
export class WebhookTargetError extends Error {}

export type CheckedTarget = { url: URL; address: string; family: 4 | 6 };

type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

const lookupTimeoutMs = 5000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error("lookup timed out")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Checks a webhook URL before registration and before every delivery: https (http only with
 * loopback allowed, for tests), no credentials, and every address the host name resolves to must be
 * public (address-policy.ts). The caller connects to the returned address, never resolving again,
 * so a DNS answer that changes between the check and the connection cannot reach an internal host.
 */
export async function checkWebhookTarget(
  raw: string,
  options: { allowLoopback: boolean; lookup?: Lookup },
): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookTargetError("Please enter a full address, like https://example.com/webhooks.");
  }
  if (url.protocol !== "https:" && !(options.allowLoopback && url.protocol === "http:"))
    throw new WebhookTargetError("Please use an https:// address.");
  if (url.username || url.password)
    throw new WebhookTargetError("Please remove the user name and password from the address.");
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    // A name on the internet has a dot and a top-level domain of letters: anything else is not looked up.
    if (!/^[a-z0-9.-]+\.(xn--[a-z0-9-]+|[a-z]{2,63})\.?$/i.test(host)) throw new WebhookTargetError(unreachableMessage);
    try {
      addresses = await withTimeout((options.lookup ?? systemLookup)(host), lookupTimeoutMs);
    } catch {
      throw new WebhookTargetError("This host name could not be found.");
    }
  }
  if (addresses.length === 0) throw new WebhookTargetError("This host name could not be found.");
  // Any internal answer refuses the whole name: a name that also resolves inside is not trusted.
  if (addresses.some((entry) => !classifyAddress(entry.address, { allowLoopback: options.allowLoopback }).allowed))
    throw new WebhookTargetError(unreachableMessage);
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
