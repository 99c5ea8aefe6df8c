import { createContext, useContext, useId, type FormHTMLAttributes } from "react";
import { formLoadingHint } from "#domain/forms/form-loading-hint.ts";
import { brand } from "../../lib/public-config.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

/** The id of the enclosing Form's "still loading" hint until it is hydrated; null after (and outside a Form). */
const LoadingHintId = createContext<string | null>(null);

export const useFormLoadingHintId = () => useContext(LoadingHintId);

/**
 * Every form in app/. A prerendered form is on screen before its script runs (slow phone, blocked
 * script), and the browser would then submit it by itself: it posts, so no field ever lands in a
 * URL, and until it is hydrated nothing submits it, so nothing typed is lost. Its submit Buttons
 * are disabled, Enter meets the disabled default button, and once the visitor uses the form a hint
 * says why (app.css: shown only then, so a page that hydrates untouched never moves).
 */
export function Form({ children, ...props }: Omit<FormHTMLAttributes<HTMLFormElement>, "method" | "action">) {
  const hydrated = useHydrated();
  const hintId = useId();
  const hint = hydrated ? undefined : formLoadingHint(brand.phone);
  return (
    <form {...props} method="post" data-loading-hint={hint}>
      {hint ? <button type="submit" disabled hidden /> : null}
      {hint ? (
        <span id={hintId} hidden>
          {hint}
        </span>
      ) : null}
      <LoadingHintId value={hint ? hintId : null}>{children}</LoadingHintId>
    </form>
  );
}
