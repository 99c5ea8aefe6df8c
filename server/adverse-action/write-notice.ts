import { reasonLabels, rightToRequestDays } from "#domain/adverse-action/reasons.ts";
import type { Brand } from "#domain/site/brand.ts";
import { formatCalendarDate } from "#domain/site/business-time.ts";
import { writePdfDocument, type PdfBlock } from "../shared/pdf/write-document.ts";
import type { NoticeContent, NoticeSubject } from "./notice-subject.ts";
import { fillNoticeTemplate, noticeTemplate, type NoticeFields } from "./notice-template.ts";

export function noticeFields(brand: Brand, subject: NoticeSubject, today: string): NoticeFields {
  return {
    lenderName: brand.name,
    lenderLegalName: brand.legalName,
    lenderAddress: `${brand.streetAddress}, ${brand.cityStateZip}`,
    lenderPhone: brand.phone,
    lenderEmail: brand.email,
    contactPerson: brand.contactPerson,
    federalRegulator: brand.federalRegulator,
    applicantName: subject.applicantName,
    businessName: subject.businessName,
    applicantAddress: subject.applicantAddress,
    noticeDate: formatCalendarDate(today),
    receivedOn: formatCalendarDate(subject.receivedOn),
    decidedOn: formatCalendarDate(subject.decidedOn ?? today),
    reference: subject.reference,
    rightToRequestDays: String(rightToRequestDays),
  };
}

/** The notice's blocks, every sentence from notice-template.ts; empty lines (no address) are left out. */
export function noticeBlocks(fields: NoticeFields, content: NoticeContent): PdfBlock[] {
  const fill = (text: string) => fillNoticeTemplate(text, fields);
  const lines = (texts: readonly string[]) =>
    texts
      .map(fill)
      .filter((line) => line.trim() !== "")
      .join("\n");
  const t = noticeTemplate;
  const statement: PdfBlock[] =
    content.statement === "reasons"
      ? [
          { kind: "heading", text: fill(t.reasonsHeading) },
          { kind: "paragraph", text: fill(t.reasonsIntro) },
          {
            kind: "paragraph",
            text: reasonLabels(content.reasons, content.otherReason)
              .map((reason) => `- ${reason}`)
              .join("\n"),
          },
        ]
      : [
          { kind: "heading", text: fill(t.rightToRequestHeading) },
          { kind: "paragraph", text: fill(t.rightToRequest) },
        ];
  return [
    { kind: "title", text: fill(t.title) },
    { kind: "paragraph", text: lines(t.letterhead) },
    { kind: "paragraph", text: fill(t.dateLine) },
    { kind: "paragraph", text: lines(t.addressee) },
    { kind: "small-print", text: fill(t.reference).trim() },
    { kind: "space", points: 6 },
    { kind: "paragraph", text: fill(t.greeting) },
    { kind: "paragraph", text: fill(t.actionTaken) },
    ...statement,
    { kind: "heading", text: fill(t.ecoaHeading) },
    { kind: "paragraph", text: fill(t.ecoaNotice) },
    { kind: "space", points: 6 },
    { kind: "paragraph", text: lines(t.closing) },
  ];
}

export function noticeFileName(subject: NoticeSubject): string {
  return `notice-of-action-${subject.type}-${subject.id.slice(0, 8)}.pdf`;
}

/** The notice PDF (US Letter). */
export function writeNotice(
  brand: Brand,
  subject: NoticeSubject,
  content: NoticeContent,
  today: string,
): Promise<Buffer> {
  const fields = noticeFields(brand, subject, today);
  return writePdfDocument({
    title: fillNoticeTemplate(noticeTemplate.title, fields),
    author: brand.legalName,
    subject: fields.businessName,
    blocks: noticeBlocks(fields, content),
  });
}
