import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = { path: string; headers: http.IncomingHttpHeaders; body: string; at: number };

/** What the receiver answers: a status (200, 500) or a redirect to another address. */
export type ReceiverAnswer = { status: number; location?: string };

/**
 * A real HTTP server on 127.0.0.1 that records every request it gets, for webhook tests. It can
 * be stopped and started again on the same port (a receiver that is down, then back).
 */
export async function startWebhookReceiver(port = 0) {
  const received: ReceivedWebhook[] = [];
  const waiting: ((request: ReceivedWebhook) => void)[] = [];
  let answer: ReceiverAnswer = { status: 200 };
  let server = http.createServer();
  const listen = async (onPort: number) => {
    server = http.createServer((request, response) => {
      let body = "";
      request.setEncoding("utf8");
      request.on("data", (chunk: string) => (body += chunk));
      request.on("end", () => {
        const entry = { path: request.url ?? "", headers: request.headers, body, at: performance.now() };
        received.push(entry);
        waiting.splice(0).forEach((resolve) => resolve(entry));
        response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
        response.end(answer.status >= 400 ? "receiver error" : "ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(onPort, "127.0.0.1", resolve));
    return (server.address() as AddressInfo).port;
  };
  const boundPort = await listen(port);
  return {
    port: boundPort,
    url: (path = "/hooks") => `http://127.0.0.1:${boundPort}${path}`,
    received,
    answer: (next: ReceiverAnswer) => void (answer = next),
    /** The next request this receiver gets. */
    next: () => new Promise<ReceivedWebhook>((resolve) => waiting.push(resolve)),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    restart: () => listen(boundPort),
  };
}
