import type { ButtonHTMLAttributes } from "react";
import { useFormLoadingHintId } from "./form.tsx";

const variants = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-slate-400",
  secondary: "border border-brand-600 bg-white text-brand-700 hover:bg-brand-50 disabled:text-slate-500",
  accent: "bg-accent-500 text-slate-950 hover:bg-accent-600 disabled:bg-slate-300",
  ghost: "text-brand-700 underline-offset-2 hover:underline",
} as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClass(variant: ButtonVariant = "primary", extra = "") {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 font-semibold transition-colors disabled:cursor-not-allowed ${variants[variant]} ${extra}`;
}

/** A submit button stays disabled, described by the form's hint, until its Form is hydrated. */
export function Button({
  variant = "primary",
  className = "",
  type = "button",
  disabled,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  const loadingHintId = useFormLoadingHintId();
  const waiting = type === "submit" && loadingHintId !== null;
  return (
    <button
      // A new element once ready: the disabled colours must not fade into the enabled ones (a
      // half-faded button fails the contrast check), they are simply replaced.
      key={waiting ? "waiting" : "ready"}
      type={type}
      className={buttonClass(variant, className)}
      disabled={disabled || waiting}
      {...props}
      {...(waiting ? { "aria-describedby": loadingHintId } : {})}
    />
  );
}
