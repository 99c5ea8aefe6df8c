import { useCallback, useRef, useState } from "react";
import type * as z from "zod/mini";

type FieldValue = string | boolean;
export type FieldErrors = Record<string, string>;

/** The first message per field path ("owner.ssn"), from a failed parse. */
export function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".");
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Form state validated by the endpoint's own schema (the route parses the same one).
 * Errors appear after a submit attempt, then follow each change. A small replacement for
 * react-hook-form on public pages, where every kilobyte counts (docs/decisions/0011).
 */
export function useSchemaForm<Schema extends z.ZodMiniType, Values extends Record<string, FieldValue>>(schema: Schema, initialValues: Values) {
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submitted = useRef(false);

  const validateValues = useCallback(
    (next: Values) => {
      const result = schema.safeParse(next);
      setErrors(result.success ? {} : fieldErrors(result.error.issues));
      return result;
    },
    [schema],
  );

  const setValue = useCallback(
    <K extends keyof Values>(name: K, value: Values[K]) => {
      setValues((current) => {
        const next = { ...current, [name]: value };
        if (submitted.current) validateValues(next);
        return next;
      });
    },
    [validateValues],
  );

  /** Props for a text input, with an optional formatter applied as the user types. */
  const text = (name: keyof Values & string, format?: (raw: string) => string) => ({
    name,
    value: String(values[name] ?? ""),
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValue(name, (format ? format(event.target.value) : event.target.value) as Values[typeof name]),
  });

  const checkbox = (name: keyof Values & string) => ({
    name,
    checked: Boolean(values[name]),
    error: errors[name],
    onChange: (event: { target: { checked: boolean } }) => setValue(name, event.target.checked as Values[typeof name]),
  });

  /** Parses the values; on failure shows every error and returns null. */
  const validate = (): z.output<Schema> | null => {
    submitted.current = true;
    const result = validateValues(values);
    return result.success ? (result.data as z.output<Schema>) : null;
  };

  const reset = () => {
    submitted.current = false;
    setValues(initialValues);
    setErrors({});
  };

  return { values, errors, setValue, setErrors, text, checkbox, validate, reset };
}
