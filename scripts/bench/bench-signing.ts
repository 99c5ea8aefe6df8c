// Generating and sealing an agreement package (docs/product-rules.md#r57-documents-and-e-signature),
// called by scripts/bench/bench.ts: a package of an equipment finance agreement, a personal guaranty,
// a delivery and acceptance certificate and an ACH debit authorization from the built-in templates
// (about 10 pages), each document rendered, signed (typed signature, initials) and sealed, then the
// certificate of completion rendered and sealed. In this process, no server or database: the
// figures are the CPU cost one completion adds to a server. BENCH_SEAL_ROUNDS packages (default 20).
import { createHash, randomUUID } from "node:crypto";
import { defaultAgreementTemplates } from "../../domain/signing/default-templates.ts";
import { fillTemplate, mergeValues } from "../../domain/signing/merge-fields.ts";
import type { AgreementDocumentKind, PackageFacts } from "../../domain/signing/package-shapes.ts";
import { samplePackageFacts } from "../../domain/signing/sample-package-facts.ts";
import { renderCompletionCertificate } from "../../server/signing/completion-certificate.ts";
import { placeSignatures } from "../../server/signing/place-signatures.ts";
import { renderAgreementDocument } from "../../server/signing/render-agreement-document.ts";
import { sealPdf } from "../../server/signing/seal-pdf.ts";
import { generateSealingP12 } from "../../server/signing/sealing-certificate.ts";

const rounds = Number(process.env.BENCH_SEAL_ROUNDS ?? 20);
const kinds: AgreementDocumentKind[] = [
  "equipment-finance-agreement",
  "personal-guaranty",
  "delivery-and-acceptance",
  "ach-debit-authorization",
];
const facts: PackageFacts = { ...samplePackageFacts, guarantor: { name: "Morgan T. Lee", email: "morgan@x.example" } };
const signature = { name: "Dana R. Whitfield", initials: "DRW", kind: "typed" } as const;
const sealInfo = { reason: "Signed by every party", location: "Philadelphia, PA", contactInfo: "x", name: "Keystone" };

type Times = { render: number; sign: number; seal: number; certificate: number; total: number };

async function onePackage(cert: { p12: Buffer; passphrase: string }): Promise<{ times: Times; pages: number }> {
  const times: Times = { render: 0, sign: 0, seal: 0, certificate: 0, total: 0 };
  const timed = async <T>(step: Exclude<keyof Times, "total">, work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    times[step] += performance.now() - started;
    return result;
  };
  const started = performance.now();
  let pages = 0;
  const documents: { title: string; sha256: string }[] = [];
  for (const kind of kinds) {
    const template = defaultAgreementTemplates[kind];
    const rendered = await timed("render", () =>
      renderAgreementDocument({
        kind,
        title: template.title,
        body: fillTemplate(template.body, mergeValues(facts)),
        facts,
        documentId: randomUUID(),
        createdAt: new Date(),
      }),
    );
    pages += rendered.pages.length;
    const signed = await timed("sign", () => placeSignatures(rendered.pdf, rendered.fields, signature, "Nov 28, 2026"));
    const sealed = await timed("seal", () => sealPdf(signed, cert, sealInfo));
    documents.push({ title: template.title, sha256: createHash("sha256").update(sealed).digest("hex") });
  }
  const certificate = await timed("certificate", () =>
    renderCompletionCertificate({
      recordId: randomUUID(),
      packageId: randomUUID(),
      accountNumber: facts.deal.accountNumber,
      businessName: facts.business.name,
      lender: facts.lender,
      completedAt: new Date(),
      documents,
      signers: [
        {
          name: signature.name,
          email: facts.businessSigner.email,
          role: "Managing Member",
          ipAddress: "203.0.113.24",
          userAgent: "Mozilla/5.0",
          consentedAt: new Date(),
          codeVerifiedAt: new Date(),
          firstViewedAt: new Date(),
          signatures: documents.map(({ title }) => ({ document: title, signedAt: new Date() })),
          inPersonAt: null,
        },
      ],
    }),
  );
  await timed("seal", () => sealPdf(certificate, cert, sealInfo));
  times.total = performance.now() - started;
  return { times, pages };
}

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!;

export async function benchSigningPackage(report: (line: string) => void) {
  const keyStarted = performance.now();
  const cert = { p12: generateSealingP12(samplePackageFacts.lender.name, "bench"), passphrase: "bench" };
  const keyMs = performance.now() - keyStarted;
  await onePackage(cert); // warm-up: fonts read, code compiled
  const runs: Times[] = [];
  let pages = 0;
  for (let round = 0; round < rounds; round += 1) {
    const run = await onePackage(cert);
    runs.push(run.times);
    pages = run.pages;
  }
  const median = (step: keyof Times) =>
    percentile(
      runs.map((run) => run[step]),
      0.5,
    ).toFixed(0);
  report(
    `  agreement package, ${kinds.length} documents (${pages} pages) and the certificate, generated, signed and sealed: p50 ${median("total")} ms, p95 ${percentile(
      runs.map((run) => run.total),
      0.95,
    ).toFixed(
      0,
    )} ms over ${rounds} packages (render ${median("render")} ms, signatures ${median("sign")} ms, certificate ${median("certificate")} ms, ${kinds.length + 1} seals ${median("seal")} ms); a demo certificate's RSA key ${keyMs.toFixed(0)} ms once`,
  );
}

// Alone: `node --import tsx scripts/bench/bench-signing.ts`.
if (process.argv[1]?.endsWith("bench-signing.ts")) {
  await benchSigningPackage(console.log);
  process.exit(0);
}
