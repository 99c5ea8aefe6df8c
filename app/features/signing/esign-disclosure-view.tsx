import { useState } from "react";
import { useFetcher } from "react-router";
import { esignConsentStatement, esignDisclosure } from "#domain/signing/esign-disclosure.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Form } from "../../components/ui/form.tsx";
import { brand } from "../../lib/public-config.ts";
import type { SignerActionResult } from "./signer-action.ts";

/**
 * The ESIGN consumer disclosure and the consent (docs/product-rules.md#r57-documents-and-e-signature):
 * nothing of the documents is shown, or even sent by the server, before the signer agrees here.
 */
export function EsignConsent() {
  const fetcher = useFetcher<SignerActionResult>();
  const [agreed, setAgreed] = useState(false);
  const [tried, setTried] = useState(false);
  const problem = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (agreed) void fetcher.submit({ intent: "consent" }, { method: "post", encType: "application/json" });
  };
  return (
    <section aria-labelledby="disclosure-heading" className="mt-6 rounded-md border border-slate-300 p-4">
      <h2 id="disclosure-heading" className="text-2xl font-bold text-brand-900">
        Before you sign: electronic records and signatures
      </h2>
      {esignDisclosure(brand).map((section) => (
        <div key={section.heading} className="mt-4">
          <h3 className="text-lg font-semibold text-brand-900">{section.heading}</h3>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-2">
              {paragraph}
            </p>
          ))}
        </div>
      ))}
      <Form onSubmit={onSubmit} noValidate aria-label="Consent to electronic records" className="mt-6 space-y-4">
        <Checkbox
          label={esignConsentStatement}
          name="agree"
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
          error={tried && !agreed ? "Check the box to agree, or decline to sign below." : undefined}
        />
        <Alert live>{problem}</Alert>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Agree and continue
        </Button>
      </Form>
    </section>
  );
}
