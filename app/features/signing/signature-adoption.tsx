import { useEffect, useRef, useState } from "react";
import SignaturePad from "signature_pad";
import { initialsOf } from "#domain/signing/signer-access.ts";
import { adoptedSignatureInput, type AdoptedSignatureInput } from "#domain/signing/signer-contracts.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Form } from "../../components/ui/form.tsx";
import { RadioGroup } from "../../components/ui/radio-group.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { SignatureMark } from "./signature-mark.tsx";

/** A canvas to draw on with a finger, a pen or the mouse (signature_pad), with Clear. */
function DrawPad({ onChange }: { onChange: (png: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    // Sharp on a dense screen, yet a PNG of tens of kilobytes.
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext("2d")?.scale(ratio, ratio);
    const signaturePad = new SignaturePad(element, { penColor: "#0f172a", minWidth: 0.8, maxWidth: 2.6 });
    signaturePad.addEventListener("endStroke", () =>
      changed.current(signaturePad.isEmpty() ? null : (signaturePad.toDataURL("image/png").split(",")[1] ?? null)),
    );
    pad.current = signaturePad;
    return () => signaturePad.off();
  }, []);
  return (
    <div className="mt-3">
      <p id="draw-help" className="text-sm text-slate-700">
        Draw your signature in the box with a finger or the mouse. With a keyboard or a screen reader, choose Type.
      </p>
      <canvas
        ref={canvas}
        role="img"
        aria-label="Signature drawing area"
        aria-describedby="draw-help"
        className="mt-2 h-40 w-full touch-none rounded-md border-2 border-dashed border-slate-500 bg-white"
      />
      <Button
        variant="secondary"
        className="mt-2"
        onClick={() => {
          pad.current?.clear();
          onChange(null);
        }}
      >
        Clear
      </Button>
    </div>
  );
}

/**
 * Adopting a signature (docs/product-rules.md#r57-documents-and-e-signature): full name and initials, then
 * typed (shown in the script font) or drawn; the typed way is always there for keyboard and screen
 * reader users. The adopted signature is sent with the first document signed; the server keeps it.
 */
export function SignatureAdoption({
  signerName,
  initial,
  onAdopt,
}: {
  signerName: string;
  initial: AdoptedSignatureInput | null;
  onAdopt: (signature: AdoptedSignatureInput) => void;
}) {
  const [name, setName] = useState(initial?.name ?? signerName);
  const [initials, setInitials] = useState(initial?.initials ?? initialsOf(signerName));
  const [kind, setKind] = useState<"typed" | "drawn">(initial?.kind ?? "typed");
  const [drawnPng, setDrawnPng] = useState<string | null>(initial?.drawnPng ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = adoptedSignatureInput.safeParse({
      kind,
      name,
      initials,
      ...(kind === "drawn" && drawnPng ? { drawnPng } : {}),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    onAdopt(parsed.data);
  };
  return (
    <Form onSubmit={onSubmit} noValidate aria-label="Adopt your signature" className="mt-3 space-y-4">
      <TextField
        label="Full name"
        autoComplete="name"
        value={name}
        maxLength={120}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
      />
      <TextField
        label="Initials"
        value={initials}
        maxLength={6}
        className="max-w-32"
        onChange={(event) => setInitials(event.target.value)}
        error={errors.initials}
      />
      <RadioGroup
        legend="Signature style"
        name="signature-style"
        value={kind}
        onChange={(value) => setKind(value === "drawn" ? "drawn" : "typed")}
        options={[
          { value: "typed", label: "Type" },
          { value: "drawn", label: "Draw" },
        ]}
      />
      {kind === "typed" ? (
        <div className="rounded-md border border-slate-300 bg-white p-3">
          <p className="text-sm text-slate-700">Preview</p>
          <div className="mt-1 flex flex-wrap items-end gap-6">
            <SignatureMark text={name.trim() || "Your name"} label="Signature preview" />
            <SignatureMark text={initials.trim() || "AB"} label="Initials preview" size="small" />
          </div>
        </div>
      ) : (
        <DrawPad onChange={setDrawnPng} />
      )}
      {errors.drawnPng ? <Alert inline>{errors.drawnPng}</Alert> : null}
      <Button type="submit">Adopt this signature</Button>
    </Form>
  );
}
