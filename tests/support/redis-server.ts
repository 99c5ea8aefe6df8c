import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import net from "node:net";

/**
 * A Redis the test may take down: stop() makes it refuse connections (a crash), pause() makes it
 * stop answering with its connections open (a hung server), start()/resume() bring it back.
 */
export type TestRedis = {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  pause(): void;
  resume(): void;
  close(): Promise<void>;
};

export function redisServerInstalled(): boolean {
  return spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
}

/**
 * Its own `redis-server` on a free port when installed (nothing saved to disk). Otherwise a TCP
 * relay on a free port in front of `TEST_REDIS_URL` (redis://, not rediss://), which it can cut
 * without touching that shared Redis. Throws when neither is available.
 */
export async function startTestRedis(): Promise<TestRedis> {
  if (redisServerInstalled()) return startRedisServer();
  const shared = process.env.TEST_REDIS_URL;
  if (!shared) throw new Error("redis-server is not installed and TEST_REDIS_URL is not set");
  return relayTo(shared);
}

async function startRedisServer(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    child = started;
    await waitForPong(port, `redis-server on port ${port}`, () => started.exitCode !== null);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, "exit");
    running.kill("SIGKILL");
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    pause: () => child?.kill("SIGSTOP"),
    resume: () => child?.kill("SIGCONT"),
    close: stop,
  };
}

async function relayTo(targetUrl: string): Promise<TestRedis> {
  const target = new URL(targetUrl);
  if (target.protocol !== "redis:") throw new Error("TEST_REDIS_URL must be redis:// to be relayed");
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  // While paused, bytes are held back in both directions (a Redis that stopped answering).
  let held: (() => void)[] | undefined;
  let server: net.Server | undefined;
  const start = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        sockets.add(from);
        from.on("data", (chunk) => (held ? held.push(() => to.write(chunk)) : to.write(chunk)));
        from.on("close", () => {
          sockets.delete(from);
          to.destroy();
        });
        from.on("error", () => from.destroy());
      }
    });
    server.listen(port, "127.0.0.1");
    await once(server, "listening");
    await waitForPong(port, `TEST_REDIS_URL (${target.host}) through a relay on port ${port}`, () => false, target);
  };
  const stop = async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    const closed = new Promise((resolve) => running.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  await start();
  const url = new URL(targetUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    start,
    stop,
    pause: () => (held ??= []),
    resume: () => {
      const release = held ?? [];
      held = undefined;
      release.forEach((write) => write());
    },
    close: stop,
  };
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once a PING on the port is answered (with AUTH first when the URL has a password). */
async function waitForPong(port: number, name: string, gaveUp: () => boolean, credentials?: URL): Promise<void> {
  const auth = credentials?.password
    ? `AUTH ${credentials.username ? `${decodeURIComponent(credentials.username)} ` : ""}${decodeURIComponent(credentials.password)}\r\n`
    : "";
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      let received = "";
      socket.on("data", (chunk) => {
        received += chunk.toString("utf8");
        if (received.includes("PONG") || received.startsWith("-")) socket.end();
      });
      socket.on("connect", () => socket.write(`${auth}PING\r\n`));
      socket.on("error", () => resolve(""));
      socket.on("close", () => resolve(received));
      socket.setTimeout(1000, () => socket.destroy());
    });
    if (answer.includes("+PONG")) return;
    if (gaveUp() || Date.now() > deadline)
      throw new Error(`${name} did not answer PING (${answer.trim() || "no answer"})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
