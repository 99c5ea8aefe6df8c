import { useEffect, useState } from "react";
import type { OutboxMail } from "#domain/api/outbox.ts";
import { apiRequest } from "../lib/api.ts";
import { appPageMeta } from "../lib/page-meta.ts";

export const meta = () => appPageMeta("Outbox");

export default function BackOfficeOutbox() {
  const [mails, setMails] = useState<OutboxMail[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    apiRequest<{ mails: OutboxMail[] }>("/api/back-office/outbox")
      .then((data) => setMails(data.mails))
      .catch((failure: Error) => setError(failure.message));
  }, []);
  return (
    <>
      <h1 className="text-2xl font-bold">Outbox</h1>
      <p className="mt-1 text-slate-700">Every e-mail the site sends, newest first. Without SMTP configured, mail waits here.</p>
      {error ? <p role="alert" className="mt-4 text-red-700">{error}</p> : null}
      {mails === null && !error ? <p role="status" className="mt-4">Loading…</p> : null}
      {mails ? (
        <table className="mt-4 w-full border-collapse text-left text-sm">
          <caption className="sr-only">Outbox mails</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="p-2">Created</th>
              <th scope="col" className="p-2">To</th>
              <th scope="col" className="p-2">Subject</th>
              <th scope="col" className="p-2">Status</th>
              <th scope="col" className="p-2">Attempts</th>
              <th scope="col" className="p-2">Message</th>
            </tr>
          </thead>
          <tbody>
            {mails.map((mail) => (
              <tr key={mail.id} className="border-b align-top">
                <td className="p-2 whitespace-nowrap">{new Date(mail.createdAt).toLocaleString("en-US")}</td>
                <td className="p-2">{mail.to}</td>
                <td className="p-2">{mail.subject}</td>
                <td className="p-2">
                  {mail.status}
                  {mail.lastError ? ` (last error: ${mail.lastError})` : ""}
                  {mail.status === "pending" ? (
                    <button
                      type="button"
                      className="ml-2 min-h-6 text-brand-700 underline"
                      onClick={() => void apiRequest(`/api/back-office/outbox/${mail.id}/retry`, { body: {} }).catch((failure: Error) => setError(failure.message))}
                    >
                      Retry now
                    </button>
                  ) : null}
                </td>
                <td className="p-2">{mail.attempts}</td>
                <td className="p-2">
                  <details>
                    <summary className="cursor-pointer">Show</summary>
                    <pre className="mt-2 max-w-md whitespace-pre-wrap">{mail.text}</pre>
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
