import { splitList } from "#domain/funders/text-fields.ts";
import { Alert } from "./alert.tsx";
import { Checkbox } from "./checkbox.tsx";

/** A list kept as "a, b" text (domain/funders/text-fields.ts `commaList`), shown as one checkbox per choice. */
export function ChoiceGroup({
  legend,
  choices,
  value,
  error,
  onChange,
  help,
}: {
  legend: string;
  choices: readonly { value: string; label: string }[];
  value: string;
  error?: string;
  onChange: (next: string) => void;
  help?: string;
}) {
  const chosen = new Set(splitList(value));
  const toggle = (choice: string, on: boolean) => {
    if (on) chosen.add(choice);
    else chosen.delete(choice);
    onChange([...chosen].sort().join(", "));
  };
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium">{legend}</legend>
      {help ? <p className="text-sm text-slate-700">{help}</p> : null}
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {choices.map((choice) => (
          <Checkbox
            key={choice.value}
            label={choice.label}
            checked={chosen.has(choice.value)}
            onChange={(event) => toggle(choice.value, event.target.checked)}
          />
        ))}
      </div>
      {error ? (
        <Alert inline className="font-medium">
          {error}
        </Alert>
      ) : null}
    </fieldset>
  );
}
