import { useState } from "react";
import { Button } from "../components/ui/button.tsx";
import { Form } from "../components/ui/form.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { publicPageMeta } from "../lib/page-meta.ts";
import { brand } from "../lib/public-config.ts";

export const meta = () => publicPageMeta("/ClientLogin");

/** Client accounts do not exist yet: the form only explains whom to contact (docs/product-rules.md#r51-screens-keep-the-specs-layout-and-words). */
export default function ClientLogin() {
  const [answered, setAnswered] = useState(false);
  return (
    <>
      <div className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-3xl font-bold text-brand-900">Welcome</h1>
        <Form
          className="mt-6 space-y-4"
          aria-label="Client sign-in"
          onSubmit={(event) => {
            event.preventDefault();
            setAnswered(true);
          }}
        >
          <TextField label="E-mail" type="email" name="email" autoComplete="username" />
          <TextField label="Password" type="password" name="password" maxLength={10} autoComplete="current-password" />
          <Button type="submit">Sign in</Button>
        </Form>
        <div role="status" className="mt-4">
          {answered ? (
            <p className="rounded-md bg-brand-50 p-4">
              You do not have an account. Please contact {brand.contactPerson} at{" "}
              <a className="underline" href={`mailto:${brand.email}`}>
                {brand.email}
              </a>{" "}
              to get started.
            </p>
          ) : null}
        </div>
      </div>
    </>
  );
}
