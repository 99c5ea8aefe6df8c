import { useCallback, useRef, useState } from "react";
import type * as z from "zod/mini";

type FieldValue = string | boolean;
export type FieldErrors = Record<string, string>;

/** A form field holds text or a flag: an enum or literal of the schema is typed as any string or boolean while editing. */
type Editable<T> = T extends string ? string : T extends boolean ? boolean : T;

/** Values as edited: literal initial values (`false`, `""`) widened to what an input holds. */
type Editing<Values> = { [K in keyof Values]: Editable<Values[K]> };

/** The values of a form for a schema: the schema's input type, each field widened to what an input holds (optional fields stay optional). */
export type FormValues<Schema extends z.ZodMiniType> = { [K in keyof z.input<Schema>]: Editable<z.input<Schema>[K]> };

type LiveValidation =
  /** Errors appear after a validate() or validateStep(), then follow each change (the default). */
  | "after-validate"
  /** Errors follow each change from the start, except that a field left empty stays neutral until validated. */
  | "as-typed";

type Options = { live?: LiveValidation };

/** The first message per field path ("owner.ssn"), from a failed parse. */
export function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The errors of the fields named (a field's nested paths included), parsed with the whole schema; all of them without a list. */
export function errorsOfFields(schema: z.ZodMiniType, values: unknown, fields: readonly string[] | null): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors = fieldErrors(result.error.issues);
  if (!fields) return errors;
  return Object.fromEntries(
    Object.entries(errors).filter(([path]) => fields.some((field) => path === field || path.startsWith(`${field}.`))),
  );
}

const isEmpty = (value: unknown) => value === "" || value === undefined;

/**
 * Form state validated by the endpoint's own schema (the route parses the same one), typed
 * from the schema's input. One hook for every form, including forms asked in steps: a step is
 * a list of fields, validated against the same schema with only its own errors shown.
 * A small replacement for react-hook-form on public pages, where every kilobyte counts
 * (docs/decisions/0011).
 */
export function useSchemaForm<
  Schema extends z.ZodMiniType,
  Values extends Record<string, FieldValue> & Partial<FormValues<Schema>>,
>(schema: Schema, initialValues: Values, options: Options = {}) {
  type Field = keyof Values & string;
  const live = options.live ?? "after-validate";
  // A literal initial value (false, "") only widens: it is always one of the values it stands for.
  const initial = initialValues as Editing<Values>;
  const [values, setValuesState] = useState<Editing<Values>>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submitted = useRef(false);
  /** The fields of the last validateStep(), whose errors follow changes; null for the whole form. */
  const scope = useRef<readonly string[] | null>(null);

  const errorsOfValues = useCallback(
    (next: Editing<Values>, fields: readonly string[] | null) => errorsOfFields(schema, next, fields),
    [schema],
  );

  /** After a change: the errors to show, by the live validation mode. */
  const followChange = useCallback(
    (next: Editing<Values>, shown: FieldErrors): FieldErrors => {
      if (submitted.current) return errorsOfValues(next, scope.current);
      if (live === "as-typed") {
        // Green or red as the visitor types; an empty field stays neutral until validated.
        const found = errorsOfValues(next, scope.current);
        return Object.fromEntries(
          Object.entries(found).filter(([path]) => !isEmpty(next[path]) || shown[path] !== undefined),
        );
      }
      return shown;
    },
    [errorsOfValues, live],
  );

  /** Changes several fields at once (e.g. a choice that clears the choices depending on it). */
  const setValues = useCallback(
    (patch: Partial<Editing<Values>>) => {
      setValuesState((current) => {
        const next = { ...current, ...patch };
        setErrors((shown) => followChange(next, shown));
        return next;
      });
    },
    [followChange],
  );

  const setValue = useCallback(
    <K extends keyof Values>(name: K, value: Editing<Values>[K]) =>
      setValues({ [name]: value } as unknown as Partial<Editing<Values>>),
    [setValues],
  );

  /**
   * Props for a text input, with an optional formatter applied as the user types. Text typed into
   * the prerendered page before its script ran is in the input but not in the state (React keeps
   * the DOM's value when it hydrates and fires no change): the ref adopts it as React attaches the
   * input, so the form submits what the visitor sees.
   */
  const text = (name: Field, format?: (raw: string) => string) => {
    const value = String(values[name] ?? "");
    const adopt = (raw: string) => setValue(name, (format ? format(raw) : raw) as Editing<Values>[typeof name]);
    return {
      name,
      value,
      error: errors[name],
      onChange: (event: { target: { value: string } }) => adopt(event.target.value),
      ref: (input: { value: string } | null) => {
        if (input && input.value !== value) adopt(input.value);
      },
    };
  };

  const checkbox = (name: Field) => ({
    name,
    checked: Boolean(values[name]),
    error: errors[name],
    onChange: (event: { target: { checked: boolean } }) =>
      setValue(name, event.target.checked as Editing<Values>[typeof name]),
  });

  /** The errors the named fields have now (all fields without a list), without showing them. */
  const errorsOf = (fields?: readonly Field[]): FieldErrors => errorsOfValues(values, fields ?? null);

  /** Parses the values; on failure shows every error and returns null. */
  const validate = (): z.output<Schema> | null => {
    submitted.current = true;
    scope.current = null;
    const result = schema.safeParse(values);
    setErrors(result.success ? {} : fieldErrors(result.error.issues));
    return result.success ? (result.data as z.output<Schema>) : null;
  };

  /**
   * Validates one step: only the fields named, against the whole schema, showing only their
   * errors (which then follow each change). True when the step's fields pass.
   */
  const validateStep = (fields: readonly Field[]): boolean => {
    submitted.current = true;
    scope.current = fields;
    const found = errorsOfValues(values, fields);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  /** The next step starts neutral: no errors shown until it is validated (or typed in, "as-typed"). */
  const startStep = (fields?: readonly Field[]) => {
    submitted.current = false;
    scope.current = fields ?? null;
    setErrors({});
  };

  /** Back to the initial values (or those given, e.g. restored progress), with no errors shown. */
  const reset = (next: Editing<Values> = initial) => {
    submitted.current = false;
    scope.current = null;
    setValuesState(next);
    setErrors({});
  };

  return {
    values,
    errors,
    setValue,
    setValues,
    setErrors,
    text,
    checkbox,
    validate,
    validateStep,
    errorsOf,
    startStep,
    reset,
  };
}
