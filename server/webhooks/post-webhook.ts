import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { CheckedTarget } from "./check-target.ts";

/**
 * One POST to a checked target. It connects to the address the check approved (its own `lookup`
 * answers that address for the host name, so TLS still verifies the certificate for the name),
 * follows no redirect, reads no more than the status of the answer, and gives up after
 * `timeoutMs` in all. Resolves with the status code; rejects with a short, secret-free reason.
 */
export function postWebhook(
  target: CheckedTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<{ statusCode: number }> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else callback(null, target.address, target.family);
  };
  const transport = target.url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      target.url,
      {
        method: "POST",
        lookup: pinned,
        agent: false,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "KEC-Webhooks/1",
        },
      },
      (response) => {
        clearTimeout(deadline);
        // The answer's body is neither needed nor stored.
        response.destroy();
        resolve({ statusCode: response.statusCode ?? 0 });
      },
    );
    const deadline = setTimeout(
      () => request.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`)),
      timeoutMs,
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      reject(new Error(shortReason(error)));
    });
    request.end(body);
  });
}

function shortReason(error: NodeJS.ErrnoException): string {
  const known: Record<string, string> = {
    ECONNREFUSED: "connection refused",
    ECONNRESET: "connection reset",
    ETIMEDOUT: "connection timed out",
    EHOSTUNREACH: "host unreachable",
    ENETUNREACH: "network unreachable",
    CERT_HAS_EXPIRED: "TLS certificate expired",
    DEPTH_ZERO_SELF_SIGNED_CERT: "TLS certificate not trusted",
    SELF_SIGNED_CERT_IN_CHAIN: "TLS certificate not trusted",
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: "TLS certificate not trusted",
    ERR_TLS_CERT_ALTNAME_INVALID: "TLS certificate does not match the host name",
  };
  return (error.code && known[error.code]) ?? error.message.slice(0, 120);
}
