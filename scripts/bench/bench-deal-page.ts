// The portal's deal page with a completed agreement package (docs/product-rules.md#r57-documents-and-e-signature),
// called by scripts/bench/bench.ts: the demo's data (its Ironwood Machine Shop deal has a package
// signed by two signers and sealed, five documents and the certificate attached) on PGlite in this
// process, then the five reads the page's loader makes at once (the deal, its thread with the
// documents, the approval, the stips, the documents for signature), timed together and the signing
// view alone, BENCH_DEAL_PAGE_ROUNDS times (default 200): p50 and p95.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { composeServer } from "../../server/compose-server.ts";
import { loadConfig } from "../../server/config.ts";
import { openDatabase } from "../../server/db/client.ts";
import { deal } from "../../server/deals/tables.ts";
import { seedDemo } from "../../server/demo/seed-demo.ts";

const rounds = Number(process.env.BENCH_DEAL_PAGE_ROUNDS ?? 200);
const passwords = { admin: "bench-admin-password-1", vendor: "bench-vendor-password-1" };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export async function benchDealPage(report: (line: string) => void): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-deal-page-"));
  const database = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "pglite") });
  try {
    await database.migrate();
    const origin = "http://localhost:3999";
    const config = loadConfig({
      NODE_ENV: "test",
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1",
      RATE_LIMIT_MAX: "100000000",
    });
    const { app, auth, cipher } = await composeServer(config, { database, onWarning: () => {} });
    await app.ready();
    const seeding = performance.now();
    await seedDemo(database.db, auth, passwords, { storage: app.storage, cipher, config });
    const seedSeconds = (performance.now() - seeding) / 1000;
    const signedIn = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin },
      payload: { email: "vendor@demo.example", password: passwords.vendor },
    });
    const cookie = [signedIn.headers["set-cookie"]]
      .flat()
      .map((value) => String(value).split(";")[0])
      .join("; ");
    const [ironwood] = await database.db
      .select({ id: deal.id })
      .from(deal)
      .where(eq(deal.businessName, "SAMPLE — IRONWOOD MACHINE SHOP"));
    const get = async (url: string) => {
      const response = await app.inject({ url, headers: { cookie } });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return response;
    };
    const base = `/api/portal/deals/${ironwood!.id}`;
    const signing = (await get(`${base}/signing`)).json() as { package: { status: string } };
    if (signing.package.status !== "completed") throw new Error("the demo's Ironwood package is not completed");
    const page: number[] = [];
    const alone: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      await Promise.all([base, `${base}/messages`, `${base}/approval`, `${base}/stips`, `${base}/signing`].map(get));
      page.push(performance.now() - started);
      const one = performance.now();
      await get(`${base}/signing`);
      alone.push(performance.now() - one);
    }
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    report(
      `  portal deal page, completed package (5 reads at once, PGlite, ${rounds} rounds): p50 ${ms(percentile(page, 50))}, p95 ${ms(percentile(page, 95))}; the signing view alone p50 ${ms(percentile(alone, 50))}, p95 ${ms(percentile(alone, 95))}; demo seed ${seedSeconds.toFixed(1)} s`,
    );
    await app.close();
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
