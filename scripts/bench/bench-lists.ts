// The back-office lists (docs/product-rules.md#r46-back-office-lists) at scale. Seeds 1,000,000 leads (spread over the
// six kinds, each
// with its lead index row), 1,000,000 deals, 1,000,000 audit entries and 10,000 vendor companies
// (a user each) and 1,000,000 stips over the deals (one in five received: the credit team's "Stips to review", each
// with its review clock) in SQL (generate_series), then times the first page (and its capped total) of
// every list under each single filter, search and sort through the very functions the routes
// call, and checks each query's plan (EXPLAIN ANALYZE), failing a plan that reads a big table whole (Seq Scan).
// The plans are written to docs/list-query-plans-<driver>.md only at the full default counts (or with
// BENCH_WRITE_PLANS=1): a small run's plans are not the ones those files record.
//
// Each seed step counts its own rows (the bench's leads, the deals of the 40 "Vendor N Equipment" companies, the
// "Zenith Dealer" companies, the bench's audit entries) and adds what is missing, whatever else the database holds:
// `npm run bench` has already put its own vendor and deals there.
//
// `npm run bench` calls benchLists() once per database. Alone:
//   node --import tsx scripts/bench/bench-lists.ts                  (PGlite in a scratch folder)
//   BENCH_DATABASE_URL=postgres://... node --import tsx scripts/bench/bench-lists.ts postgres
// BENCH_LEADS, BENCH_DEALS, BENCH_AUDIT, BENCH_COMPANIES and BENCH_STIPS set the counts; BENCH_LIST_RUNS the timed runs
// per case; BENCH_LISTS=stips,deals times only those lists.
import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import type { AuditQuery } from "../../domain/audit/contracts.ts";
import type { BackOfficeDealQuery } from "../../domain/deals/back-office-contracts.ts";
import type { LeadInboxQuery } from "../../domain/leads/back-office-contracts.ts";
import type { VendorListQuery } from "../../domain/vendors/contracts.ts";
import type { StipsToReviewQuery } from "../../domain/stips/review-queue-contracts.ts";
import { openDatabase, type Database, type DatabaseTarget } from "../../server/db/client.ts";
import { listAuditEntries } from "../../server/audit/list-audit-entries.ts";
import { listAllDeals } from "../../server/deals/list-all-deals.ts";
import { reindexAllLeads } from "../../server/response-times/lead-index.ts";
import { leadInbox } from "../../server/leads/list-lead-inbox.ts";
import { listVendors } from "../../server/accounts/list-vendors.ts";
import { dealNumberRanges } from "../../server/deals/insert-deal-rows.ts";
import { stipsToReview } from "../../server/stips/stips-to-review.ts";
import { portalFollowUps } from "../../server/funders/portal-follow-ups.ts";
import { apiKeyVendorScope } from "../../server/shared/vendor-scope.ts";
import { dealerRoles } from "../../domain/auth/dealer-roles.ts";

const defaults = { leads: 1_000_000, deals: 1_000_000, audit: 1_000_000, companies: 10_000, stips: 1_000_000 };
const leadCount = Number(process.env.BENCH_LEADS ?? defaults.leads);
const dealCount = Number(process.env.BENCH_DEALS ?? defaults.deals);
const auditCount = Number(process.env.BENCH_AUDIT ?? defaults.audit);
const companyCount = Number(process.env.BENCH_COMPANIES ?? defaults.companies);
const stipCount = Number(process.env.BENCH_STIPS ?? defaults.stips);
const onlyLists = process.env.BENCH_LISTS?.split(",");
const runs = Number(process.env.BENCH_LIST_RUNS ?? 40);
const writePlans =
  process.env.BENCH_WRITE_PLANS === "1" ||
  (leadCount === defaults.leads &&
    dealCount === defaults.deals &&
    auditCount === defaults.audit &&
    companyCount === defaults.companies &&
    stipCount === defaults.stips &&
    !onlyLists);
const timeZone = "America/New_York";
const staffId = "bench-staff";
/** The tables a plan must never read whole. */
const bigTables =
  /Seq Scan on (lead_status|deal|deal_stip|response_clock|audit_log|questionnaire_answer|picked_option|credit_application|calculator_lead|vendor_contact|footer_message)\b/;

/** The subject the seed gives audit entry n: PostgreSQL's `md5('audit-' || n)::uuid::text`. */
function auditSubject(n: number): string {
  const hex = createHash("md5").update(`audit-${n}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const firstNames = "array['Granite','Harbor','Summit','Maple','Cedar','Pioneer','Atlas','Beacon','Orchard','Keystone']";
const secondNames =
  "array['Excavation','Bakery','Trucking','Dental','Logistics','Farms','Printing','Roofing','Towing']";
const business = (g: string) =>
  `(${firstNames})[1 + ${g} % 10] || ' ' || (${secondNames})[1 + (${g} / 10) % 9] || ' ' || ${g}`;
const person = (g: string) =>
  `(array['Ana','Ben','Chloe','Dev','Eli','Fay','Gus','Hana'])[1 + ${g} % 8] || ' ' || (array['Lopez','Nguyen','Smith','Okafor','Rossi','Kim'])[1 + (${g} / 8) % 6]`;
const email = (g: string) =>
  `'owner' || ${g} || '@' || (array['mail.example','biz.example','shop.example'])[1 + ${g} % 3]`;
const phone = (g: string) =>
  `'(555) ' || lpad(((${g} / 10000) % 1000)::text, 3, '0') || '-' || lpad((${g} % 10000)::text, 4, '0')`;

/** The columns each kind's seed sets beyond the generic filler (names, e-mail, phone a search finds). */
const leadSeeds: { table: string; columns: Record<string, string> }[] = [
  {
    table: "questionnaire_answer",
    columns: { business_name: business("g"), name_of_owner: person("g"), business_phone: phone("g") },
  },
  {
    table: "picked_option",
    columns: {
      business_name: business("g"),
      answer_id: "(select id from questionnaire_answer order by created_at limit 1)",
    },
  },
  {
    table: "credit_application",
    columns: {
      business_name: business("g"),
      business_contact: person("g"),
      business_email: email("g"),
      business_phone: phone("g"),
    },
  },
  {
    table: "calculator_lead",
    columns: {
      first_name: `split_part(${person("g")}, ' ', 1)`,
      last_name: `split_part(${person("g")}, ' ', 2) || g`,
      owner_email: email("g"),
      owner_phone: phone("g"),
    },
  },
  {
    table: "vendor_contact",
    columns: { business_name: business("g"), contact_name: person("g"), email: email("g"), phone_number: phone("g") },
  },
  {
    table: "footer_message",
    columns: {
      name_user: person("g"),
      name_of_business: business("g"),
      email_user: email("g"),
      message: "'Please call me about financing for ' || g",
    },
  },
];

type Column = { column_name: string; data_type: string };

/**
 * Rows `from` to `count` (g) into `table` in one statement: the given columns, every other required column filled by
 * its type.
 */
export async function fill(
  db: Database,
  table: string,
  count: number,
  columns: Record<string, string>,
  createdAt: string,
  from = 1,
) {
  const required = (await db.execute(
    sql`select column_name, data_type from information_schema.columns where table_schema = current_schema() and table_name = ${table} and is_nullable = 'NO' and column_default is null`,
  )) as unknown as { rows: Column[] };
  const values: Record<string, string> = {};
  for (const { column_name: name, data_type: type } of required.rows) {
    values[name] =
      name === "idempotency_key"
        ? `'bench-' || g`
        : type === "text"
          ? `'${name} ' || g`
          : type === "integer"
            ? "(g % 3)"
            : type === "numeric"
              ? "5"
              : type === "boolean"
                ? "true"
                : type === "jsonb"
                  ? "'{}'::jsonb"
                  : type === "date"
                    ? "date '2020-01-01'"
                    : "now()";
  }
  Object.assign(values, columns, { created_at: createdAt });
  const names = Object.keys(values);
  await db.execute(
    sql.raw(
      `insert into ${table} (${names.map((name) => `"${name}"`).join(", ")}) select ${names.map((name) => values[name]).join(", ")} from generate_series(${from}, ${count}) g`,
    ),
  );
}

/**
 * Runs `load` with the table's trigram (GIN) indexes dropped, then builds them again from their
 * own definitions: one build is much faster than a million incremental inserts.
 */
export async function withoutGinIndexes(db: Database, table: string, load: () => Promise<void>) {
  const indexes = (await db.execute(
    sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = ${table} and indexdef like '%USING gin%'`,
  )) as unknown as {
    rows: { indexname: string; indexdef: string }[];
  };
  for (const index of indexes.rows) await db.execute(sql.raw(`drop index "${index.indexname}"`));
  await load();
  for (const index of indexes.rows) await db.execute(sql.raw(index.indexdef));
}

const countOf = async (db: Database, table: string, where: string) =>
  Number(
    (
      (await db.execute(sql.raw(`select count(*)::int as n from ${table} where ${where}`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

/** The 40 companies the deals are spread over (the deals list's "vendor" filter picks one of them). */
const dealVendors = "select id from vendor_company where name ~ '^Vendor [0-9]+ Equipment$'";

/** The leads, deals, companies and audit entries, once per database (the rows a step finds already there are kept). */
async function seed(db: Database, report: (line: string) => void) {
  const started = performance.now();
  await db.execute(
    sql`insert into "user" (id, name, email, role, email_verified) values (${staffId}, 'Bench Staff', 'staff@bench.example', 'admin', true), ('bench-vendor', 'Bench Vendor', 'vendor@bench.example', 'vendor', true) on conflict do nothing`,
  );
  const perKind = Math.ceil(leadCount / leadSeeds.length);
  const leadsHeld = await Promise.all(
    leadSeeds.map((kind) => countOf(db, kind.table, "idempotency_key like 'bench-%'")),
  );
  if (leadsHeld.some((held) => held < perKind)) {
    // A year of traffic: kind k's g-th lead arrived (6g + k) * 5 s ago.
    for (const [k, kind] of leadSeeds.entries())
      if (leadsHeld[k]! < perKind)
        await fill(
          db,
          kind.table,
          perKind,
          kind.columns,
          `now() - ((g * 6 + ${k}) * interval '5 seconds')`,
          leadsHeld[k]! + 1,
        );
    await withoutGinIndexes(db, "lead_status", async () => void (await db.execute(reindexAllLeads)));
    // The team's work: a tenth contacted, a twentieth closed, a twentieth taken by one of them.
    await db.execute(
      sql`update lead_status set status = case when hashtext(lead_id::text) % 10 = 0 then 'contacted' else 'closed' end where hashtext(lead_id::text) % 20 in (0, 1)`,
    );
    await db.execute(sql`update lead_status set assignee_user_id = ${staffId} where hashtext(lead_id::text) % 20 = 3`);
  }
  await db.execute(
    sql`insert into vendor_company (name, company_code) select 'Vendor ' || g || ' Equipment', (200000 + g)::text from generate_series(1, 40) g on conflict do nothing`,
  );
  const dealsHeld = await countOf(db, "deal", `vendor_company_id in (${dealVendors})`);
  if (dealsHeld < dealCount) {
    await withoutGinIndexes(db, "deal", () =>
      fill(
        db,
        "deal",
        dealCount,
        {
          vendor_company_id: `(array(${dealVendors} order by name))[1 + g % 40]`,
          submitted_by_user_id: "'bench-vendor'",
          // Above the numbers the app draws, so the server's own deals always find a free one.
          account_number: `'VP' || (${dealNumberRanges.account.high} + g)`,
          business_name: business("g"),
          owners_name: person("g"),
          business_email: email("g"),
          business_phone: phone("g"),
          stage: "1 + g % 9",
          month_submitted: "g % 12",
          year_in_file: "2020 + g % 7",
          last_update: "now() - (g * interval '7 seconds')",
          // One deal in 50 waits for the credit team's answer (the vendor wrote last).
          awaiting_reply_since: "case when g % 50 = 0 then now() - (g * interval '7 seconds') end",
        },
        "now() - (g * interval '9 seconds')",
        dealsHeld + 1,
      ),
    );
  }
  if ((await countOf(db, "vendor_company", "name like 'Zenith Dealer %'")) < companyCount) {
    // The vendors screen: a large dealer network, each company with one vendor user.
    await db.execute(
      sql.raw(
        `insert into vendor_company (name, company_code) select 'Zenith Dealer ' || g || ' Machinery', (300000 + g)::text from generate_series(1, ${companyCount}) g on conflict do nothing`,
      ),
    );
    await db.execute(
      sql`insert into "user" (id, name, email, role, email_verified, vendor_company_id)
        select 'bench-rep-' || c.company_code, 'Rep ' || c.company_code, 'rep' || c.company_code || '@dealers.example', 'vendor', true, c.id
        from vendor_company c where c.name like 'Zenith Dealer %' on conflict do nothing`,
    );
  }
  // Subjects as recordAudit writes them: the id of the deal, lead, user or company acted on (a UUID),
  // so a search's trigrams are as rare as a real one's (2026-12-06: "subject-N" put the trigrams of
  // "subject" in every row, and the GIN scan read all their postings to find one).
  const auditHeld = await countOf(db, "audit_log", "ip_address like '10.0.0.%'");
  if (auditHeld < auditCount) {
    await withoutGinIndexes(db, "audit_log", async () => {
      await db.execute(
        sql.raw(`insert into audit_log (at, actor_user_id, action, subject, ip_address)
      select now() - (g * interval '3 seconds'), case when g % 4 = 0 then '${staffId}' end, (array['sign-in','deal.update','lead.update','sensitive.reveal','export.leads'])[1 + g % 5], md5('audit-' || g)::uuid::text, '10.0.0.' || (g % 250)
      from generate_series(${auditHeld + 1}, ${auditCount}) g`),
      );
    });
  }
  const stipsHeld = await countOf(db, "deal_stip", "name like 'Bench stip %'");
  if (stipsHeld < stipCount) {
    // Spread over the bench's deals; one in five received (the queue, received over the last ~6 months),
    // one in five accepted, the rest requested. Each received stip has its review clock (4 hours; one in
    // three received stips was due before now).
    await db.execute(
      sql.raw(`insert into deal_stip (deal_id, name, satisfied_by, status, received_at)
      select d.id, 'Bench stip ' || g, (array['dealer','applicant','staff'])[1 + g % 3],
        case g % 5 when 0 then 'received' when 1 then 'accepted' else 'requested' end,
        case when g % 5 in (0, 1) then now() - (g * interval '15 seconds') end
      from generate_series(${stipsHeld + 1}, ${stipCount}) g
      join (select id, row_number() over (order by id) - 1 as n from deal where vendor_company_id in (${dealVendors})) d
        on d.n = g % (select count(*) from deal where vendor_company_id in (${dealVendors}))`),
    );
    await db.execute(
      sql`insert into response_clock (subject_kind, subject_type, subject_id, source, arrived_at, due_at)
        select 'stip', 'stip', s.id, case when s.satisfied_by = 'dealer' then 'stip-dealer' else 'stip-applicant' end,
          s.received_at, s.received_at + interval '4 hours'
        from deal_stip s where s.status = 'received' and s.name like 'Bench stip %'
        on conflict do nothing`,
    );
  }
  // As autovacuum would: the visibility map lets the count walk its index alone.
  await db.execute(sql`vacuum analyze`);
  report(
    `  lists: ${leadCount.toLocaleString("en-US")} leads, ${dealCount.toLocaleString("en-US")} deals, ${companyCount.toLocaleString("en-US")} companies, ${auditCount.toLocaleString("en-US")} audit entries, ${stipCount.toLocaleString("en-US")} stips ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** The database, with every statement a list function runs written down (to EXPLAIN it afterwards). */
function recording(db: Database): { db: Database; statements: SQL[] } {
  const statements: SQL[] = [];
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "execute") return Reflect.get(target, property, receiver) as unknown;
      return (query: SQL) => {
        statements.push(query);
        return target.execute(query);
      };
    },
  });
  return { db: proxy, statements };
}

type Case = { list: string; name: string; run: (db: Database) => Promise<unknown> };

/** A cursor to the second page of a list, from its first. */
async function secondPage<Q extends { cursor?: string }>(
  list: (db: Database, query: Q) => Promise<{ page: { next: string | null } }>,
  db: Database,
  query: Q,
): Promise<Q> {
  return { ...query, cursor: (await list(db, query)).page.next ?? undefined };
}

async function cases(db: Database): Promise<Case[]> {
  const now = new Date();
  const leads = (query: LeadInboxQuery) => (target: Database) => leadInbox(target, query, now, 30, timeZone);
  const deals = (query: BackOfficeDealQuery) => (target: Database) => listAllDeals(target, query, undefined, timeZone);
  const audit = (query: AuditQuery) => (target: Database) => listAuditEntries(target, query, timeZone);
  const vendors = (query: VendorListQuery) => (target: Database) => listVendors(target, query);
  const stips = (query: StipsToReviewQuery) => (target: Database) => stipsToReview(target, query, now);
  const [company] = (
    (await db.execute(sql`select id from vendor_company where name = 'Vendor 7 Equipment'`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
  const leadPage2 = await secondPage(
    (target, query: LeadInboxQuery) => leadInbox(target, query, now, 30, timeZone),
    db,
    {},
  );
  const dealPage2 = await secondPage(
    (target, query: BackOfficeDealQuery) => listAllDeals(target, query, undefined, timeZone),
    db,
    {},
  );
  // The dealer admin of one of the 40 companies: its dashboard counts over a fortieth of the deals and stips.
  const dealerAdmin = apiKeyVendorScope({
    companyId: company!.id,
    userId: "bench",
    email: "bench@bench.example",
    dealerRole: dealerRoles.admin,
  });
  const stipPage2 = await secondPage((target, query: StipsToReviewQuery) => stipsToReview(target, query, now), db, {});
  return [
    { list: "leads", name: "newest first (no filter)", run: leads({}) },
    { list: "leads", name: "page 2 (cursor)", run: leads(leadPage2) },
    { list: "leads", name: "search a business, common word (harbor)", run: leads({ q: "harbor" }) },
    { list: "leads", name: "search a business, one lead (harbor bakery 131)", run: leads({ q: "harbor bakery 131" }) },
    { list: "leads", name: "search a name (okafor)", run: leads({ q: "okafor" }) },
    { list: "leads", name: "search an e-mail (owner4242@)", run: leads({ q: "owner4242@" }) },
    { list: "leads", name: "search a phone ((555) 012-3456)", run: leads({ q: "(555) 012-3456" }) },
    { list: "leads", name: "kind: credit application", run: leads({ type: "credit-application" }) },
    { list: "leads", name: "status: contacted", run: leads({ status: "contacted" }) },
    { list: "leads", name: "assignee: one member", run: leads({ assignee: staffId }) },
    { list: "leads", name: "assignee: nobody", run: leads({ assignee: "none" }) },
    { list: "leads", name: "received: last 7 days", run: leads({ from: weekAgo, to: now.toISOString().slice(0, 10) }) },
    {
      list: "leads",
      name: "received: a month, a year ago",
      run: leads({
        from: new Date(now.getTime() - 365 * 86_400_000).toISOString().slice(0, 10),
        to: new Date(now.getTime() - 335 * 86_400_000).toISOString().slice(0, 10),
      }),
    },
    { list: "leads", name: "sort: title A-Z", run: leads({ sort: "title" }) },
    { list: "leads", name: "sort: oldest first", run: leads({ dir: "asc" }) },
    { list: "deals", name: "last update first (no filter)", run: deals({}) },
    { list: "deals", name: "page 2 (cursor)", run: deals(dealPage2) },
    { list: "deals", name: "search an account number (VP424242)", run: deals({ q: "VP424242" }) },
    { list: "deals", name: "search a business, common word (harbor)", run: deals({ q: "harbor" }) },
    { list: "deals", name: "search a business, one deal (harbor bakery 131)", run: deals({ q: "harbor bakery 131" }) },
    { list: "deals", name: "search an owner (okafor)", run: deals({ q: "okafor" }) },
    { list: "deals", name: "search an e-mail (owner4242@)", run: deals({ q: "owner4242@" }) },
    { list: "deals", name: "search a phone (555-012-3456)", run: deals({ q: "555-012-3456" }) },
    { list: "deals", name: "search a vendor company (vendor 7 equip)", run: deals({ q: "vendor 7 equip" }) },
    { list: "deals", name: "stage: 3", run: deals({ stage: "3" }) },
    { list: "deals", name: "vendor: one of 40", run: deals({ company: company!.id }) },
    { list: "deals", name: "submitted: last 30 days", run: deals({ from: monthAgo }) },
    { list: "deals", name: "waiting for us", run: deals({ waiting: "1" }) },
    { list: "deals", name: "sort: business A-Z", run: deals({ sort: "business" }) },
    { list: "deals", name: "sort: newest submitted", run: deals({ sort: "created" }) },
    { list: "audit", name: "newest first (no filter)", run: audit({}) },
    { list: "audit", name: "search an action (reveal)", run: audit({ q: "reveal" }) },
    { list: "audit", name: "search a subject (the id of entry 424242)", run: audit({ q: auditSubject(424242) }) },
    {
      list: "audit",
      name: "search a subject by its first 8 characters",
      run: audit({ q: auditSubject(424242).slice(0, 8) }),
    },
    { list: "audit", name: "search who (staff@bench)", run: audit({ q: "staff@bench" }) },
    { list: "audit", name: "days: last 7", run: audit({ from: weekAgo }) },
    { list: "vendors", name: "name A-Z (no filter)", run: vendors({}) },
    { list: "vendors", name: "sort: newest", run: vendors({ sort: "newest" }) },
    { list: "vendors", name: "search a company (zenith dealer 4242)", run: vendors({ q: "zenith dealer 4242" }) },
    { list: "vendors", name: "search a user's e-mail (rep304242@)", run: vendors({ q: "rep304242@" }) },
    { list: "stips", name: "to review, oldest received first", run: stips({}) },
    { list: "stips", name: "to review, page 2 (cursor)", run: stips(stipPage2) },
    {
      list: "stips",
      name: "dealer dashboard: open stips, approvals expiring (1 of 40)",
      run: (target: Database) => portalFollowUps(target, dealerAdmin, now.toISOString().slice(0, 10)),
    },
  ].filter((benchCase) => !onlyLists || onlyLists.includes(benchCase.list));
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

/** Times every case (p50, p95 of `runs` after 3 untimed) and writes the plans of its statements. */
export async function benchLists(
  target: DatabaseTarget,
  driver: string,
  report: (line: string) => void,
): Promise<{ failures: string[] }> {
  const database = await openDatabase(target);
  const failures: string[] = [];
  try {
    await database.migrate();
    await seed(database.db, report);
    const plans: string[] = [
      `# Lead, deal and audit list plans on ${driver}`,
      "",
      `Written by \`scripts/bench/bench-lists.ts\` on ${new Date().toISOString()}.`,
      "",
    ];
    for (const benchCase of await cases(database.db)) {
      for (let warm = 0; warm < 3; warm++) await benchCase.run(database.db);
      const times: number[] = [];
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        await benchCase.run(database.db);
        times.push(performance.now() - started);
      }
      const { db, statements } = recording(database.db);
      await benchCase.run(db);
      const p95 = percentile(times, 95);
      const seqScans: string[] = [];
      plans.push(
        `## ${benchCase.list}: ${benchCase.name}`,
        "",
        `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (page and total together, ${runs} runs)`,
        "",
      );
      for (const statement of statements) {
        const result = (await database.db.execute(sql`explain (analyze, costs off) ${statement}`)) as unknown as {
          rows: Record<string, string>[];
        };
        const plan = result.rows.map((row) => Object.values(row)[0]).join("\n");
        const seq = bigTables.exec(plan);
        if (seq) seqScans.push(seq[0]);
        plans.push("```", plan, "```", "");
      }
      const verdict = seqScans.length ? `SEQ SCAN (${seqScans.join(", ")})` : "index only";
      if (seqScans.length) failures.push(`${benchCase.list}: ${benchCase.name}: ${seqScans.join(", ")}`);
      report(
        `  ${benchCase.list.padEnd(5)} ${benchCase.name.padEnd(52)} p95 ${p95.toFixed(1).padStart(7)} ms ${p95 <= 20 ? "ok " : "OVER"} (goal <= 20 ms); ${verdict}`,
      );
    }
    if (writePlans)
      await writeFile(
        path.join(import.meta.dirname, `../../docs/list-query-plans-${driver}.md`),
        `${plans.join("\n")}\n`,
      );
    else report(`  lists: plans not written (counts below the defaults; BENCH_WRITE_PLANS=1 writes them)`);
  } finally {
    await database.close();
  }
  return { failures };
}

if (process.argv[1]?.endsWith("bench-lists.ts")) {
  const driver = process.argv[2] === "postgres" ? "postgres" : "pglite";
  const report = (line: string) => console.log(line);
  report(`List benchmarks on ${driver}, ${new Date().toISOString()}`);
  if (driver === "postgres") {
    const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("Set BENCH_DATABASE_URL (a database of its own: the bench fills it).");
    await benchLists({ driver: "postgres", url }, driver, report);
  } else {
    const dataDir = process.env.BENCH_PGLITE_DIR ?? (await mkdtemp(path.join(tmpdir(), "bench-lists-")));
    try {
      await benchLists({ driver: "pglite", dataDir }, driver, report);
    } finally {
      if (!process.env.BENCH_PGLITE_DIR) await rm(dataDir, { recursive: true, force: true });
    }
  }
  process.exit(0);
}
