import { useEffect, useState } from "react";
import { apiRequest } from "../lib/api.ts";
import { appPageMeta } from "../lib/page-meta.ts";

export const meta = () => appPageMeta("Audit log");

type Entry = { at: string; action: string; actor: string | null; subject: string | null; ipAddress: string | null };

export default function BackOfficeAudit() {
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    apiRequest<{ entries: Entry[] }>("/api/back-office/audit")
      .then((data) => setEntries(data.entries))
      .catch((failure: Error) => setError(failure.message));
  }, []);
  return (
    <>
      <h1 className="text-2xl font-bold">Audit log</h1>
      <p className="mt-1 text-slate-700">Sign-ins, failed sign-ins, account changes, stage changes, reveals, downloads, exports and purges. Entries cannot be changed.</p>
      {error ? <p role="alert" className="mt-4 text-red-800">{error}</p> : null}
      {entries ? (
        <table className="mt-4 w-full border-collapse text-left text-sm">
          <caption className="sr-only">Audit entries</caption>
          <thead>
            <tr className="border-b-2">
              <th scope="col" className="p-2">When</th>
              <th scope="col" className="p-2">Action</th>
              <th scope="col" className="p-2">Who</th>
              <th scope="col" className="p-2">Subject</th>
              <th scope="col" className="p-2">Address</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, index) => (
              <tr key={index} className="border-b">
                <td className="p-2 whitespace-nowrap">{new Date(entry.at).toLocaleString("en-US")}</td>
                <td className="p-2">{entry.action}</td>
                <td className="p-2">{entry.actor ?? "—"}</td>
                <td className="p-2 break-all">{entry.subject ?? "—"}</td>
                <td className="p-2">{entry.ipAddress ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p role="status">Loading…</p>
      )}
    </>
  );
}
