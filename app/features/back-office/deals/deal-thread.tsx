import { messageForm, type DealMessages } from "#domain/api/portal-deals.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { Empty } from "../../../components/ui/page-state.tsx";
import { TextareaField } from "../../../components/ui/textarea-field.tsx";
import { useSchemaForm } from "../../../lib/use-schema-form.ts";

/** The thread with the vendor and the credit team's answer (a new answer remounts it empty). */
export function DealThread({ messages, onAnswer, sending }: { messages: DealMessages["messages"]; onAnswer: (body: string) => void; sending: boolean }) {
  // The answer route's own rule for a message body (it parses the same schema).
  const form = useSchemaForm(messageForm, { body: "" });
  return (
    <section aria-labelledby="thread-heading" className="mt-8">
      <h2 id="thread-heading" className="text-xl font-semibold">
        Messages with the vendor
      </h2>
      {messages.length === 0 ? <Empty className="mt-2">No messages yet.</Empty> : null}
      <ol className="mt-2 space-y-2">
        {messages.map((message) => (
          <li key={message.id} className={`rounded-md p-3 ${message.author === "vendor" ? "bg-brand-50" : "bg-slate-100"}`}>
            <p className="text-sm font-semibold">
              {message.author === "vendor" ? "Vendor" : "Credit team"} · {new Date(message.createdAt).toLocaleString("en-US")}
            </p>
            <p className="whitespace-pre-wrap">{message.body}</p>
          </li>
        ))}
      </ol>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          const answer = form.validate();
          if (answer) onAnswer(answer.body);
        }}
        noValidate
        aria-label="Answer the vendor"
        className="mt-3 space-y-2"
      >
        <TextareaField label="Answer" rows={3} {...form.text("body")} />
        <Button type="submit" disabled={!form.values.body.trim() || sending}>
          Send answer
        </Button>
      </Form>
    </section>
  );
}
