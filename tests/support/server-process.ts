import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  url: string;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves once /api/health answers 200; throws with the output if it exits or takes too long. */
  healthy(timeoutMs?: number): Promise<void>;
  /** SIGTERM (a graceful stop) and wait for the exit. */
  stop(): Promise<number | null>;
};

/**
 * Node's arguments that run the built server as production does (its bundle, build/server, which
 * the browser suites' global setup writes afresh from server/): `main` is server/main.ts, `start`
 * server/start.ts (which loads tracing when configured).
 */
export function builtServer(entry: "main" | "start" = "main"): string[] {
  return ["--enable-source-maps", `build/server/${entry}.mjs`];
}

/** The built server (`main`) with `--api-only`, as its own process on a port of its own, with the given environment. */
export function startServerProcess(
  port: number,
  env: Record<string, string>,
  options: { entry?: "main" | "start" } = {},
): ServerProcess {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...builtServer(options.entry), "--api-only"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    url,
    output: () => output,
    exited,
    async healthy(timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (!running())
          throw new Error(`server on port ${port} exited (${child.exitCode ?? child.signalCode}):\n${output}`);
        try {
          if ((await fetch(`${url}/api/health`)).ok) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline)
          throw new Error(`server on port ${port} did not answer within ${timeoutMs} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      if (running()) child.kill("SIGTERM");
      return exited;
    },
  };
}
