import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { workingCalendarForm, type WorkingCalendarEntry } from "#domain/working-calendar/contracts.ts";
import { formatBusinessDateTime, formatCalendarDate } from "#domain/site/business-time.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Table, type TableColumn } from "../../../components/ui/table.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useToast } from "../../../components/ui/toast.tsx";
import { brand } from "../../../lib/public-config.ts";
import { useSchemaForm } from "../../../lib/use-schema-form.ts";

/** What the calendar route's action is sent (JSON) and answers (routes/back-office-working-calendar.tsx). */
export type WorkingCalendarAction =
  { intent: "set"; day: string; closed: boolean; label: string } | { intent: "reset"; day: string };
export type WorkingCalendarResult = { ok: boolean; error: string | null };

const statusOptions = [
  { value: "off", label: "Day off" },
  { value: "working", label: "Working day" },
];

function useCalendarChange() {
  const fetcher = useFetcher<WorkingCalendarResult>();
  const toast = useToast();
  const { state, data } = fetcher;
  useEffect(() => {
    if (state !== "idle" || !data) return;
    if (data.ok) toast({ title: "Calendar saved", tone: "success" });
    else toast({ title: "Not saved", message: data.error ?? undefined, tone: "error" });
  }, [state, data, toast]);
  const submit = (action: WorkingCalendarAction) =>
    void fetcher.submit(action, { method: "post", encType: "application/json" });
  return { submit, busy: state !== "idle" };
}

function ChangeDayForm({ year }: { year: number }) {
  const { submit, busy } = useCalendarChange();
  const form = useSchemaForm(workingCalendarForm, { day: "", status: "off", label: "" });
  return (
    <Form
      noValidate
      aria-label="Change a day"
      className="mt-4 grid gap-3 sm:grid-cols-[auto_auto_1fr_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        const values = form.validate();
        if (values) submit({ intent: "set", day: values.day, closed: values.status === "off", label: values.label });
      }}
    >
      <TextField label="Day" type="date" min={`${year - 1}-01-01`} {...form.text("day")} />
      <SelectField label="The credit team has" options={statusOptions} {...form.text("status")} />
      <TextField
        label="What it is"
        placeholder="Day after Thanksgiving"
        help="Shown in this list and the audit log"
        {...form.text("label")}
      />
      <Button type="submit" disabled={busy}>
        Save day
      </Button>
    </Form>
  );
}

function TakeBack({ entry }: { entry: WorkingCalendarEntry }) {
  const { submit, busy } = useCalendarChange();
  if (!entry.changedBy) return null;
  return (
    <Button
      variant="secondary"
      disabled={busy}
      onClick={() => submit({ intent: "reset", day: entry.day })}
      aria-label={`Take back the change of ${formatCalendarDate(entry.day)}`}
    >
      Take back
    </Button>
  );
}

const columns: TableColumn<WorkingCalendarEntry>[] = [
  { key: "day", header: "Day", rowHeader: true, cell: (entry) => formatCalendarDate(entry.day) },
  { key: "what", header: "What", cell: (entry) => entry.label },
  { key: "status", header: "Credit team", cell: (entry) => (entry.closed ? "Day off" : "Working day") },
  {
    key: "source",
    header: "Set by",
    cell: (entry) =>
      entry.changedBy
        ? `${entry.changedBy}, ${formatBusinessDateTime(new Date(entry.changedAt!), brand.timeZone)}${entry.defaultDayOff ? ` (by default: ${entry.defaultDayOff})` : ""}`
        : "Federal holiday",
  },
  { key: "undo", header: "Change", cell: (entry) => <TakeBack entry={entry} /> },
];

/** The credit team's days off (admins): the federal holidays, and the days admins added or worked. */
export function WorkingCalendarScreen({ year, days }: { year: number; days: readonly WorkingCalendarEntry[] }) {
  return (
    <>
      <h1 className="text-2xl font-bold">Working calendar</h1>
      <p className="mt-1 max-w-3xl text-slate-700">
        The credit team works Monday to Friday except the US federal holidays (on their observed days). Promises of a
        call, due times and the vendors&apos; &ldquo;Credit Online&rdquo; follow this calendar; a change counts for what
        arrives after it.
      </p>
      <ChangeDayForm year={year} />
      <nav aria-label="Years" className="mt-6 flex gap-4">
        <Link to={`?year=${year - 1}`} className="text-brand-700 underline">
          {year - 1}
        </Link>
        <Link to={`?year=${year + 1}`} className="text-brand-700 underline">
          {year + 1}
        </Link>
      </nav>
      <Table
        caption={`Days off and changed days in ${year}`}
        columns={columns}
        rows={days}
        rowKey={(entry) => entry.day}
        empty="No day off this year."
      />
    </>
  );
}
