import { describe, expect, it } from "vitest";
import { applicantStatuses } from "#domain/leads/applicant-status.ts";
import { applicantStatusMail, applicantStatusWording } from "./applicant-status-mails.ts";

const context = { publicUrl: "https://lender.example", product: "Keystone Equipment Capital" };
const token = "T".repeat(43);

describe("applicant status mails", () => {
  it.each(applicantStatuses)(
    "%s: plain language, a footer that says why and how to stop, the token only in a fragment",
    (status) => {
      const mail = applicantStatusMail(context, { to: "office@granitepeak.example", status, optOutToken: token });
      expect(mail.text).toContain("You get this e-mail because this address was given on a financing application");
      expect(mail.text).toContain(`Stop status e-mails: https://lender.example/status-mails/opt-out#${token}`);
      expect(mail.html).toContain(`href="https://lender.example/status-mails/opt-out#${token}"`);
      expect(mail.text).not.toMatch(/\?[^\s]*T{43}/);
      // No figure at all: no SSN, tax id, date of birth or amount could slip in.
      expect(applicantStatusWording(status, context.product).paragraphs.join(" ")).not.toMatch(/\d/);
    },
  );

  it("says on a decline that the written notice follows by mail", () => {
    expect(applicantStatusWording("declined", "P").paragraphs.join(" ")).toContain(
      "A written notice with the reasons for this decision and your rights will follow by mail.",
    );
  });

  it("links a deal's applicant to their own page, the token only in the fragment", () => {
    const pageUrl = `https://lender.example/application#${"P".repeat(43)}`;
    const mail = applicantStatusMail(context, { to: "o@x.example", status: "approved", optOutToken: token, pageUrl });
    expect(mail.text).toContain(`See your application: ${pageUrl}`);
    expect(mail.html).toContain(`href="${pageUrl}"`);
    expect(
      applicantStatusMail(context, { to: "o@x.example", status: "received", optOutToken: token }).text,
    ).not.toContain("/application#");
  });
});
