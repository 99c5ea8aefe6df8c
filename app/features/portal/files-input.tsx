import { acceptAttribute } from "#domain/deals/new-deal-schema.ts";
import { Alert } from "../../components/ui/alert.tsx";

/** A labelled file input taking the accepted document types, with the problem of the files chosen said under it. */
export function FilesInput({
  id,
  name,
  label,
  onChange,
  problem,
}: {
  id: string;
  name: string;
  label: string;
  onChange: (files: File[]) => void;
  problem: string | null;
}) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="file"
        multiple
        accept={acceptAttribute}
        aria-describedby={problem ? `${id}-problem` : undefined}
        className="mt-1 block min-h-11 max-w-full"
        onChange={(event) => onChange([...(event.target.files ?? [])])}
      />
      {problem ? (
        <Alert id={`${id}-problem`} inline className="font-medium">
          {problem}
        </Alert>
      ) : null}
    </div>
  );
}
