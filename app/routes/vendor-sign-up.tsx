import { useState } from "react";
import { inviteVendor, vendorSignUpMessages, vendorSignUpRequest } from "#domain/vendors/contracts.ts";
import { authRoles } from "#domain/auth/roles.ts";
import { Alert } from "../components/ui/alert.tsx";
import { Button } from "../components/ui/button.tsx";
import { Checkbox } from "../components/ui/checkbox.tsx";
import { Form } from "../components/ui/form.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { RouteError } from "../components/ui/route-error.tsx";
import { ApiError, call } from "../lib/call.ts";
import { appPageMeta } from "../lib/page-meta.ts";
import { meContext } from "../lib/session.ts";
import { useSchemaForm } from "../lib/use-schema-form.ts";
import type { Route } from "./+types/vendor-sign-up";

export const meta = () => appPageMeta("VendorSignUp");

const proposedCompanyId = () => String(100000 + Math.floor(Math.random() * 900000));

// Inside the back office's layout, whose guard admits signed-in staff only (a visitor signs in
// first, a vendor goes to the portal); only admins see the form.
export const clientLoader = ({ context }: Route.ClientLoaderArgs) => ({
  me: context.get(meContext),
  proposedCompanyId: proposedCompanyId(),
});

export const ErrorBoundary = RouteError;

/** /VendorSignUp: admins create vendor users; the vendor chooses a password from the invitation. */
export default function VendorSignUp({ loaderData: { me, proposedCompanyId: companyId } }: Route.ComponentProps) {
  const form = useSchemaForm(vendorSignUpRequest, {
    firstName: "",
    companyId,
    companyEmail: "",
    companyName: "",
    companyAlreadyInSystem: false,
  });
  const [result, setResult] = useState<{ sent: string } | { failed: string } | null>(null);
  if (me.user.role !== authRoles.admin) {
    return (
      <div className="max-w-xl">
        <h1 className="text-2xl font-bold">Vendor sign-up</h1>
        <Alert inline className="mt-4">
          Only administrators can create vendor accounts.
        </Alert>
      </div>
    );
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const values = form.validate();
    if (!values) return;
    try {
      const created = await call(inviteVendor, { body: values });
      setResult({ sent: created.message });
      form.reset();
      form.setValue("companyId", proposedCompanyId());
    } catch (error) {
      setResult({ failed: error instanceof ApiError ? error.message : "The account was not created." });
    }
  };

  return (
    <div className="max-w-xl">
      <h1 className="text-2xl font-bold">Vendor sign-up</h1>
      <p className="mt-2 text-slate-700">
        Create a vendor user. They receive an e-mail to verify the address and choose their own password; you never see
        it. Tick “Company already in system” to add a user to an existing company with its company ID.
      </p>
      <Form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Create a vendor account"
        className="mt-6 space-y-4"
      >
        <TextField label="First name" required {...form.text("firstName")} />
        <TextField
          label="Company ID"
          required
          inputMode="numeric"
          maxLength={6}
          help="A random 6-digit ID is proposed for a new company."
          {...form.text("companyId")}
        />
        <TextField
          label="Company email"
          type="email"
          required
          {...form.text("companyEmail", (value) => value.toLowerCase())}
        />
        <TextField label="Company name" help="For a new company." {...form.text("companyName")} />
        <Checkbox label="Company already in system" {...form.checkbox("companyAlreadyInSystem")} />
        <Button type="submit">Create account</Button>
      </Form>
      <div role="status" className="mt-6 space-y-2">
        {result && "sent" in result ? (
          <>
            <p className="font-semibold text-green-800">{result.sent}</p>
            <p>{vendorSignUpMessages.closeWindow}</p>
          </>
        ) : null}
      </div>
      {result && "failed" in result ? (
        <Alert inline className="mt-4 font-semibold">
          {result.failed}
        </Alert>
      ) : null}
    </div>
  );
}
