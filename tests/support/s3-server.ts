import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

export type S3Server = {
  /** http://localhost:<port>: S3 clients must use path-style addressing against it. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The S3_* variables of server/config.ts that point the app at this server. */
  env: Record<string, string>;
  /** Where it keeps the objects (for looking behind the API: multipart parts left over, ...). */
  directory: string;
  stop(): Promise<void>;
};

// Run in the child: s3rver on a port the system picks, the bucket made at start, the port
// reported on stdout; it stops when the parent closes its stdin (or dies).
// One correction to s3rver: it checks a signature against "/<bucket>" where the AWS SDK signs
// the path it sends, "/<bucket>/" (ListObjectsV2 path-style; S3 and MinIO accept it). The
// canonical path gets the slash the request had, so signatures are still checked. And its
// continuation tokens (paging a listing) are DES-encrypted, which OpenSSL 3 offers only with
// the legacy provider.
const childSource = `
const path = require("node:path");
const { AsyncLocalStorage } = require("node:async_hooks");
const S3rver = require(process.argv[1]);
const v4 = require(path.join(path.dirname(process.argv[1]), "signature", "v4.js"));
const requestPath = new AsyncLocalStorage();
const stringToSign = v4.getStringToSign;
v4.getStringToSign = (canonical, request) => {
  const slash = (requestPath.getStore() ?? "").endsWith("/") && !canonical.uri.endsWith("/");
  return stringToSign(slash ? { ...canonical, uri: canonical.uri + "/" } : canonical, request);
};
const server = new S3rver({ address: "localhost", port: 0, directory: process.argv[2], silent: true, configureBuckets: [{ name: process.argv[3] }] });
const partDelayMs = Number(process.argv[4]);
server.middleware.unshift(async (ctx, next) => {
  if (ctx.method === "PUT" && "partNumber" in ctx.query) await new Promise((resolve) => setTimeout(resolve, partDelayMs));
  return requestPath.run(ctx.path, next);
});
server.run().then(({ port }) => process.stdout.write(JSON.stringify({ port }) + "\\n"), (error) => { console.error(error); process.exit(1); });
process.stdin.on("end", () => server.close().finally(() => process.exit(0)));
process.stdin.resume();
`;

/**
 * A real S3-compatible server (@20minutes/s3rver, keeping objects on disk) in a separate
 * process, so the SDK's requests really go over HTTP. Credentials are s3rver's fixed pair.
 * Each multipart part is answered `partDelayMs` late, as a real bucket across a network would be:
 * an uploader that sent many parts at once would then hold them all in memory, and show it.
 */
export async function startS3Server({ bucket = "lender-test", partDelayMs = 150 } = {}): Promise<S3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  const s3rverMain = createRequire(import.meta.url).resolve("@20minutes/s3rver");
  const child = spawn(
    process.execPath,
    ["--openssl-legacy-provider", "-e", childSource, s3rverMain, directory, bucket, String(partDelayMs)],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = once(child, "exit");
  const firstLine = createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
  const started = await Promise.race([firstLine, exited.then(() => null)]);
  if (!started || started.done) {
    await rm(directory, { recursive: true, force: true });
    throw new Error(`s3rver did not start: ${stderr}`);
  }
  const { port } = JSON.parse(started.value) as { port: number };
  const endpoint = `http://localhost:${port}`;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const region = "us-east-1";
  return {
    endpoint,
    bucket,
    region,
    ...credentials,
    directory,
    env: {
      STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.stdin.end();
        const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(timer);
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
