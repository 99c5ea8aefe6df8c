import { loadConfigOrExit } from "./config.ts";
import { composeServer } from "./compose-server.ts";
import { PendingMigrationsError } from "./db/client.ts";
import { PURGE_MIN_INTERVAL_MS, purgeExpiredData, schedulePurge } from "./retention/purge-expired-data.ts";
import { sweepOrphanUploads } from "./retention/sweep-orphan-uploads.ts";
import { sweepApprovalReminders } from "./funders/sweep-approval-reminders.ts";
import { scheduleJob } from "./shared/schedule-job.ts";
import { sweepSigningRequests } from "./signing/sweep-signing-requests.ts";
import { completeSigningPackage } from "./signing/complete-package.ts";
import { sweepFundingReports } from "./payouts/sweep-funding-reports.ts";
import { seedDemo } from "./demo/seed-demo.ts";
import { answerBackupRequests } from "./backup/backup-requests.ts";

async function main() {
  // Everything this process writes (the embedded database, files, keys) is its user's alone.
  process.umask(0o077);
  const config = loadConfigOrExit();
  // `npm run dev` serves the pages from Vite and only the API from here.
  const serveSite = !process.argv.includes("--api-only");
  // `npm run backup`: DATA_DIR/server.pid names this process, which writes the snapshot on SIGUSR2
  // (PGlite allows one process per data folder). Before the database opens; answered once it is.
  const backups =
    !config.databaseUrl && config.storage.driver === "local"
      ? answerBackupRequests(config.dataDir, config.storage.root)
      : undefined;
  await backups?.written;
  const { app, database, auth, cipher, backupSigner } = await composeServer(config, {
    serveSite,
    onWarning: (message) => console.warn(message),
  });
  backups?.ready({ pglite: database.pglite!, signer: backupSigner, log: app.log });

  if (config.seedDemo) {
    const accounts = await seedDemo(database.db, auth, undefined, { storage: app.storage, cipher, config });
    if (accounts) printDemoAccounts(config.publicUrl, accounts);
  }

  // Daily housekeeping, once per fleet: expired customer data, then files a crash left without a
  // row. Tried hourly; skipped while another server purges or when the last purge is under 23 h old.
  const stopPurge = schedulePurge(async () => {
    const retention = { retentionDays: config.retentionDays, deliveredMailDays: config.deliveredMailRetentionDays };
    const result = await purgeExpiredData(database.db, app.storage, retention, {
      minIntervalMs: PURGE_MIN_INTERVAL_MS,
    });
    if (result.skipped) {
      app.log.debug({ skipped: result.skipped }, "retention purge skipped");
      return;
    }
    const orphanFiles = await sweepOrphanUploads(database.db, app.storage, 60 * 60 * 1000);
    app.log.info({ ...result, orphanFiles }, "retention purge done");
  }, app.log);

  // The dealers' reminders 5 business days before an approval expires: tried every hour on every
  // server; each approval is claimed once (docs/product-rules.md#r54-the-funder-network).
  const stopReminders = scheduleJob(
    "approval reminders",
    async () => {
      const reminded = await sweepApprovalReminders(database.db, {
        creditTeamEmail: config.creditTeamEmail,
        publicUrl: config.publicUrl,
        product: config.public.brand.name,
        cipher,
        timeZone: config.public.brand.timeZone,
      });
      if (reminded > 0) app.log.info({ reminded }, "approval reminders queued");
    },
    app.log,
    { firstMs: 90_000, everyMs: 60 * 60 * 1000 },
  );

  // Packages out for signature: expiry, and the signers' reminders 1 and 3 business days after their
  // request (docs/product-rules.md#r57-documents-and-e-signature); each row claimed once.
  const stopSigningSweep = scheduleJob(
    "signing requests",
    async () => {
      const done = await sweepSigningRequests(
        database.db,
        {
          creditTeamEmail: config.creditTeamEmail,
          publicUrl: config.publicUrl,
          product: config.public.brand.name,
          cipher,
          timeZone: config.public.brand.timeZone,
        },
        new Date(),
        (packageId) => completeSigningPackage(app, packageId),
      );
      if (done.expired + done.reminded + done.sealed > 0) app.log.info(done, "signing requests swept");
    },
    app.log,
    { firstMs: 120_000, everyMs: 60 * 60 * 1000 },
  );

  // The dealers' funding reports after each business day's close, once per company and day
  // (docs/product-rules.md#r60-payout-batches); each claimed by its funding_report row.
  const stopFundingReports = scheduleJob(
    "funding reports",
    async () => {
      const sent = await sweepFundingReports(database.db, {
        creditTeamEmail: config.creditTeamEmail,
        publicUrl: config.publicUrl,
        product: config.public.brand.name,
        cipher,
        timeZone: config.public.brand.timeZone,
      });
      if (sent > 0) app.log.info({ sent }, "funding reports queued");
    },
    app.log,
    { firstMs: 150_000, everyMs: 60 * 60 * 1000 },
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    stopPurge();
    stopReminders();
    stopSigningSweep();
    stopFundingReports();
    await app.close();
    await backups?.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  console.log(`\n  ${config.public.brand.name} is running at ${config.publicUrl} (database: ${database.driver})\n`);
}

function printDemoAccounts(publicUrl: string, accounts: { role: string; email: string; password: string }[]) {
  const lines = accounts.map(
    (account) => `    ${account.role.padEnd(9)} ${account.email.padEnd(22)} password: ${account.password}`,
  );
  console.log(
    [
      "",
      "  Demo accounts were created (shown only this once):",
      ...lines,
      `  Sign in at ${publicUrl}/VendorLogin. Lost a password? npm run admin -- set-password --email <e-mail>`,
      "",
    ].join("\n"),
  );
}

main().catch((error) => {
  // A refusal to start on a database behind this release is a message for the operator, not a trace.
  console.error(error instanceof PendingMigrationsError ? error.message : error);
  process.exit(1);
});
