// The lead write step by step (`npm run bench`): what each part of a footer message's POST costs per
// lead, in this process, on one connection, statements one after another (no HTTP): the bare insert
// (the baseline of the ratio), the request's validation and mail, the visitor's statement (the lead,
// its mail and its intake row: store-lead.ts), and the intake's pass per lead at several batch sizes
// (index-arrived-leads.ts, after the commit). docs/quality.md records the table.
import { randomBytes, randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { footerMessageRequest } from "../../domain/leads/footer-message-schema.ts";
import { newFooterMessageMail } from "../../domain/leads/kinds/footer-message.ts";
import { openDatabase, type DatabaseTarget } from "../../server/db/client.ts";
import { createFooterMessage } from "../../server/leads/create-footer-message.ts";
import { footerMessage } from "../../server/leads/tables.ts";
import { simpleMail } from "../../server/mail/mail-templates.ts";
import { indexAllArrivedLeads } from "../../server/response-times/index-arrived-leads.ts";
import { createFieldCipher } from "../../server/shared/crypto/field-cipher.ts";
import type { LeadContext } from "../../server/shared/request-context.ts";

const leads = Number(process.env.BENCH_LEAD_STEPS ?? 1000);

const body = () => ({
  nameOfBusiness: "",
  nameUser: "Bench",
  emailUser: "bench@x.example",
  subjectUser: "Hello",
  idempotencyKey: randomUUID(),
});

/** The mean microseconds of `step` over `count` runs, after a tenth as many to warm up. */
async function perRun(count: number, step: () => unknown): Promise<number> {
  for (let i = 0; i < Math.max(1, count / 10); i++) await step();
  const started = performance.now();
  for (let i = 0; i < count; i++) await step();
  return ((performance.now() - started) * 1000) / count;
}

export async function benchLeadWrite(target: DatabaseTarget, report: (line: string) => void): Promise<void> {
  const database = await openDatabase(target);
  await database.migrate();
  const db = database.db;
  const context: LeadContext = {
    creditTeamEmail: "credit@bench.example",
    publicUrl: "http://127.0.0.1",
    product: "Bench",
    cipher: createFieldCipher(randomBytes(32).toString("base64")),
    rateLimit: { max: 1_000_000, timeWindow: "1 minute" },
    promise: { timeZone: "America/Los_Angeles", leadMinutes: 30, dealMinutes: 60 },
    applicantPageLink: async () => "",
  };
  try {
    await indexAllArrivedLeads(db);
    const rows: [string, number][] = [];
    rows.push([
      "bare insert (the ratio's baseline)",
      await perRun(leads, () =>
        db
          .insert(footerMessage)
          .values({
            idempotencyKey: randomUUID(),
            nameOfBusiness: "",
            nameUser: "B",
            emailUser: "b@x.example",
            message: "Hi",
          })
          .returning({ id: footerMessage.id }),
      ),
    ]);
    rows.push(["validation (the contract's schema)", await perRun(leads, () => footerMessageRequest.parse(body()))]);
    rows.push([
      "the credit team's mail, rendered",
      await perRun(leads, () =>
        simpleMail({
          to: context.creditTeamEmail,
          ...newFooterMessageMail(footerMessageRequest.parse(body())),
          action: { label: "Open the back office", url: `${context.publicUrl}/back-office` },
          product: context.product,
        }),
      ),
    ]);
    rows.push([
      "the visitor's statement: lead + mail + intake row (all of createFooterMessage)",
      await perRun(leads, () => createFooterMessage(db, context, footerMessageRequest.parse(body()))),
    ]);
    await indexAllArrivedLeads(db);
    for (const batch of [1, 10, 100, 500]) {
      const rounds = Math.max(2, Math.round(leads / batch / 2));
      let spent = 0;
      for (let round = 0; round < rounds; round++) {
        for (let i = 0; i < batch; i++) await createFooterMessage(db, context, footerMessageRequest.parse(body()));
        const started = performance.now();
        await indexAllArrivedLeads(db);
        spent += performance.now() - started;
      }
      rows.push([`the intake's pass, per lead, in batches of ${batch}`, (spent * 1000) / (rounds * batch)]);
    }
    const counted = (await db.execute(sql`select count(*)::int as n from lead_status`)) as unknown as {
      rows: { n: number }[];
    };
    const n = counted.rows[0]!.n;
    report(
      `  the lead write step by step (${leads} leads a step, one connection, ${n.toLocaleString("en-US")} leads indexed):`,
    );
    for (const [step, micros] of rows) report(`    ${micros.toFixed(0).padStart(6)} µs  ${step}`);
  } finally {
    await database.close();
  }
}
