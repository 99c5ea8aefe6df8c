import type { ReactNode } from "react";
import { brand } from "../../lib/public-config.ts";

function TermsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="mt-10">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  );
}

const definitions: ReadonlyArray<readonly [string, string]> = [
  ["Company", `${brand.legalName}, doing business as ${brand.name} (also "we", "us" or "our").`],
  ["Website", `The ${brand.name} website and every page, form and tool published on it.`],
  ["Service", "The Website together with the information, payment estimates and request forms it offers."],
  ["You", "The person using the Service, or the business or other legal entity on whose behalf that person uses it."],
  [
    "Third-party content",
    "Websites, services or materials provided by anyone other than the Company, including links to them.",
  ],
  [
    "Terms",
    "These Terms of Use, which form the entire agreement between you and the Company about the use of the Service.",
  ],
];

export function TermsOfUse() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 leading-relaxed text-slate-700">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Terms of Use</h1>
      <p className="mt-2 text-sm text-slate-700">
        Last updated: <time dateTime="2026-11-01">November 1, 2026</time>
      </p>
      <p className="mt-6">
        Please read these Terms carefully before using the Service. By visiting the Website or submitting any
        information through it, you agree to be bound by them. If you do not agree, please do not use the Service.
      </p>

      <TermsSection id="terms-definitions" title="Definitions">
        <p>
          In these Terms, the following words have the meanings given below, whether they appear in the singular or the
          plural:
        </p>
        <dl className="space-y-2">
          {definitions.map(([term, meaning]) => (
            <div key={term}>
              <dt className="inline font-semibold text-slate-900">{term}: </dt>
              <dd className="inline">{meaning}</dd>
            </div>
          ))}
        </dl>
      </TermsSection>

      <TermsSection id="terms-acknowledgment" title="Acknowledgment">
        <p>
          These Terms govern your use of the Service and set out the rights and obligations of both you and the Company.
          They apply to every visitor, applicant, vendor and other person who accesses the Service.
        </p>
        <p>
          You confirm that you are over the age of 18. The Company does not permit anyone under 18 to use the Service.
          Your use of the Service is also subject to our privacy practices, which describe how we collect, use and
          protect the information you provide.
        </p>
      </TermsSection>

      <TermsSection id="terms-links" title="Links to Other Websites">
        <p>
          The Service may contain links to websites or services that the Company does not own or control, such as
          scheduling tools, social media pages or lender portals. We have no control over, and accept no responsibility
          for, the content, privacy policies or practices of any third-party website or service.
        </p>
        <p>
          You acknowledge that the Company is not liable for any damage or loss caused by, or in connection with, your
          use of any third-party content. We encourage you to read the terms and privacy policies of every third-party
          website you visit.
        </p>
      </TermsSection>

      <TermsSection id="terms-termination" title="Termination">
        <p>
          We may suspend or end your access to the Service immediately, without prior notice or liability, for any
          reason, including if you breach these Terms. When your access ends, your right to use the Service stops at
          once.
        </p>
      </TermsSection>

      <TermsSection id="terms-liability" title="Limitation of Liability">
        <p>
          Whatever damages you may incur, the entire liability of the Company and its suppliers under any provision of
          these Terms, and your exclusive remedy, is limited to the amount you actually paid through the Service, or 100
          USD if you have not purchased anything through the Service.
        </p>
        <p>
          To the fullest extent permitted by law, the Company and its suppliers are not liable for any special,
          incidental, indirect or consequential damages, including lost profits, lost data, business interruption or
          personal injury, arising from your use of or inability to use the Service, even if we were advised of the
          possibility of such damages. Some states do not allow these exclusions, so parts of this section may not apply
          to you; in those states, our liability is limited to the smallest amount the law allows.
        </p>
      </TermsSection>

      <TermsSection id="terms-disclaimer" title={'"AS IS" and "AS AVAILABLE" Disclaimer'}>
        <p>
          The Service is provided to you "AS IS" and "AS AVAILABLE", with all faults and defects and without warranty of
          any kind. To the maximum extent permitted by law, the Company disclaims all warranties, whether express,
          implied or statutory, including warranties of merchantability, fitness for a particular purpose, title and
          non-infringement.
        </p>
        <p>
          Payment estimates, rates and terms shown on the Website are for information only. They are not an offer or a
          commitment to lend, and every financing decision depends on credit review and the approval of a lender. We do
          not promise that the Service will be uninterrupted, error-free or free of harmful components.
        </p>
      </TermsSection>

      <TermsSection id="terms-governing-law" title="Governing Law">
        <p>
          The laws of the State of California, excluding its conflict-of-law rules, govern these Terms and your use of
          the Service. Your use of the Service may also be subject to other local, state, national or international
          laws.
        </p>
      </TermsSection>

      <TermsSection id="terms-disputes" title="Disputes Resolution">
        <p>
          If you have a concern or dispute about the Service, you agree to contact the Company first and try to resolve
          it informally before starting any formal proceeding. Most questions can be settled quickly this way.
        </p>
      </TermsSection>

      <TermsSection id="terms-eu" title="For European Union (EU) Users">
        <p>
          If you are a consumer in the European Union, you benefit from any mandatory provisions of the law of the
          country in which you live. Nothing in these Terms takes away the rights those provisions give you.
        </p>
      </TermsSection>

      <TermsSection id="terms-us-compliance" title="United States Legal Compliance">
        <p>
          You represent and warrant that you are not located in a country subject to a United States government embargo
          or designated by the United States government as a "terrorist supporting" country, and that you are not named
          on any United States government list of prohibited or restricted parties.
        </p>
      </TermsSection>

      <TermsSection id="terms-severability" title="Severability and Waiver">
        <p>
          <strong className="text-slate-900">Severability.</strong> If any provision of these Terms is found to be
          unenforceable or invalid, that provision will be changed and interpreted to achieve its purpose as closely as
          the law allows, and the remaining provisions stay in full force and effect.
        </p>
        <p>
          <strong className="text-slate-900">Waiver.</strong> If either party does not exercise a right or require
          performance of an obligation under these Terms, that does not affect its ability to do so later, and waiving
          one breach does not waive any later breach.
        </p>
      </TermsSection>

      <TermsSection id="terms-translation" title="Translation Interpretation">
        <p>
          We may translate these Terms for your convenience. If a translated version and the original English version
          differ, the English version controls in case of a dispute.
        </p>
      </TermsSection>

      <TermsSection id="terms-changes" title="Changes to These Terms">
        <p>
          We may change or replace these Terms at any time. If a change is material, we will make reasonable efforts to
          give at least 30 days' notice before the new terms take effect. What counts as a material change is decided at
          our sole discretion.
        </p>
        <p>
          By continuing to use the Service after the changes take effect, you agree to the revised Terms. If you do not
          agree to them, please stop using the Service.
        </p>
      </TermsSection>

      <TermsSection id="terms-contact" title="Contact Us">
        <p>
          If you have any questions about these Terms, e-mail {brand.name} at{" "}
          <a href={`mailto:${brand.email}`} className="font-semibold text-brand-700 underline underline-offset-2">
            {brand.email}
          </a>
          .
        </p>
      </TermsSection>
    </article>
  );
}
