import { useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Alert } from "../../../components/ui/alert.tsx";

/** A signing secret, shown this once, with Copy. */
export function SigningSecret({ secret }: { secret: string }) {
  const id = useId();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  };
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block font-medium">
        Signing secret
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={secret}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-slate-400 px-3 font-mono text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          Copy
        </Button>
      </div>
      <p className="text-sm text-slate-700">
        This is the only time it is shown. Your system checks each delivery&apos;s KEC-Signature header with it.
      </p>
      <Alert tone={copied === "no" ? "error" : "success"} live inline>
        {copied === "yes"
          ? "Copied."
          : copied === "no"
            ? "Could not copy: select the secret and copy it yourself."
            : ""}
      </Alert>
    </div>
  );
}
