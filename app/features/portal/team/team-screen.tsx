import { useState } from "react";
import { useFetcher } from "react-router";
import { dealerRoleLabels, dealerRoles, dealerRoleValues, type DealerRole } from "#domain/auth/dealer-roles.ts";
import { inviteTeamMemberRequest, reassignDealsRequest, type TeamMember } from "#domain/team/contracts.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Form } from "../../../components/ui/form.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Table, type TableColumn } from "../../../components/ui/table.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useSchemaForm } from "../../../lib/use-schema-form.ts";
import { teamIntents, type TeamActionResult } from "./team-actions.ts";

const roleOptions = dealerRoleValues.map((value) => ({ value, label: dealerRoleLabels[value] }));

/** The answer of the last action, for everyone to hear (a status) or as an error to read. */
function Outcome({ result }: { result: TeamActionResult | undefined }) {
  if (!result) return null;
  return (
    <Alert tone={result.ok ? "success" : "error"} className="mt-2">
      {result.message}
    </Alert>
  );
}

/** Invite by e-mail with a role: the new user chooses a password through the mailed link. */
function InviteMember() {
  const fetcher = useFetcher<TeamActionResult>();
  const form = useSchemaForm(inviteTeamMemberRequest, { name: "", email: "", dealerRole: dealerRoles.rep });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const valid = form.validate();
    if (!valid) return;
    void fetcher.submit({ intent: teamIntents.invite, ...valid }, { method: "post" });
    form.reset();
  };
  return (
    <section aria-labelledby="invite-heading" className="mt-6">
      <h2 id="invite-heading" className="text-xl font-semibold">
        Invite a user
      </h2>
      <Form
        noValidate
        aria-label="Invite a user"
        onSubmit={submit}
        className="mt-2 grid max-w-3xl gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end"
      >
        <TextField label="Name" autoComplete="off" maxLength={60} required {...form.text("name")} />
        <TextField label="E-mail" type="email" autoComplete="off" required {...form.text("email")} />
        <SelectField label="Role" options={roleOptions} required {...form.text("dealerRole")} />
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Send invitation
        </Button>
      </Form>
      <Outcome result={result?.intent === teamIntents.invite ? result : undefined} />
    </section>
  );
}

/** Make a user the other role: takes effect on their next click. */
function ChangeRole({ member }: { member: TeamMember }) {
  const fetcher = useFetcher<TeamActionResult>();
  const next: DealerRole = member.dealerRole === dealerRoles.admin ? dealerRoles.rep : dealerRoles.admin;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="userId" value={member.id} />
      <input type="hidden" name="dealerRole" value={next} />
      <Button
        type="submit"
        variant="secondary"
        name="intent"
        value={teamIntents.role}
        disabled={fetcher.state !== "idle"}
        aria-label={`Make ${member.name} ${dealerRoleLabels[next].toLowerCase()}`}
      >
        Make {dealerRoleLabels[next].toLowerCase()}
      </Button>
      {result && !result.ok ? <Alert className="mt-1">{result.message}</Alert> : null}
    </fetcher.Form>
  );
}

/** Deactivate, after a confirmation that says what it does. */
function Deactivate({ member }: { member: TeamMember }) {
  const fetcher = useFetcher<TeamActionResult>();
  const [confirming, setConfirming] = useState(false);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        disabled={fetcher.state !== "idle"}
        aria-label={`Deactivate ${member.name}`}
        onClick={() => setConfirming(true)}
      >
        Deactivate
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Deactivate ${member.name}?`}
        role="alertdialog"
      >
        <p>
          {member.name} is signed out everywhere at once, cannot sign in again, and the API keys and webhooks they
          created stop working. Their {member.openDeals} open deal{member.openDeals === 1 ? "" : "s"} and{" "}
          {member.quotes} quote{member.quotes === 1 ? "" : "s"} stay theirs until you hand them to someone else.
        </p>
        <fetcher.Form
          method="post"
          className="mt-6 flex flex-wrap justify-end gap-2"
          onSubmit={() => setConfirming(false)}
        >
          <input type="hidden" name="userId" value={member.id} />
          <input type="hidden" name="name" value={member.name} />
          <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button type="submit" name="intent" value={teamIntents.deactivate}>
            Deactivate {member.name}
          </Button>
        </fetcher.Form>
      </Dialog>
      {result ? (
        <Alert tone={result.ok ? "success" : "error"} className="mt-1">
          {result.message}
        </Alert>
      ) : null}
    </>
  );
}

/** Hand every deal and quote of one user to another, active, user. */
function Reassign({ members }: { members: readonly TeamMember[] }) {
  const fetcher = useFetcher<TeamActionResult>();
  const form = useSchemaForm(reassignDealsRequest, { fromUserId: "", toUserId: "" });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const owners = members.filter((member) => member.openDeals > 0 || member.quotes > 0);
  const takers = members.filter((member) => member.active);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const valid = form.validate();
    if (!valid) return;
    void fetcher.submit({ intent: teamIntents.reassign, ...valid }, { method: "post" });
    form.reset();
  };
  return (
    <section aria-labelledby="reassign-heading" className="mt-8">
      <h2 id="reassign-heading" className="text-xl font-semibold">
        Hand over deals and quotes
      </h2>
      <p className="mt-1 max-w-prose text-slate-700">
        When a rep leaves or customers move, give every deal and quote of one person to another. Messages, documents and
        history stay with each deal; the new owner hears of its stages from now on.
      </p>
      <Form
        noValidate
        aria-label="Hand over deals and quotes"
        onSubmit={submit}
        className="mt-2 grid max-w-3xl gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <SelectField
          label="From"
          placeholder="Choose whose"
          options={owners.map((member) => ({
            value: member.id,
            label: `${member.name}${member.active ? "" : " (deactivated)"}: ${member.openDeals} open deals, ${member.quotes} quotes`,
          }))}
          required
          {...form.text("fromUserId")}
        />
        <SelectField
          label="To"
          placeholder="Choose who takes them"
          options={takers.map((member) => ({ value: member.id, label: member.name }))}
          required
          {...form.text("toUserId")}
        />
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Hand over
        </Button>
      </Form>
      <Outcome result={result?.intent === teamIntents.reassign ? result : undefined} />
    </section>
  );
}

/** The company's team for its dealer admins (docs/product-rules.md#r53-a-dealers-team). */
export function TeamScreen({ members, myId }: { members: readonly TeamMember[]; myId: string }) {
  const columns: TableColumn<TeamMember>[] = [
    { key: "name", header: "Name", rowHeader: true, cell: (member) => member.name, sortValue: (member) => member.name },
    { key: "email", header: "E-mail", cell: (member) => member.email },
    { key: "role", header: "Role", cell: (member) => dealerRoleLabels[member.dealerRole] },
    {
      key: "status",
      header: "Status",
      cell: (member) => (!member.active ? "Deactivated" : member.verified ? "Active" : "Invited"),
    },
    { key: "deals", header: "Open deals", cell: (member) => member.openDeals, sortValue: (member) => member.openDeals },
    { key: "quotes", header: "Quotes", cell: (member) => member.quotes },
    {
      key: "actions",
      header: "Actions",
      cell: (member) =>
        member.id === myId ? (
          "You"
        ) : member.active ? (
          <div className="flex flex-wrap gap-2">
            <ChangeRole member={member} />
            <Deactivate member={member} />
          </div>
        ) : null,
    },
  ];
  return (
    <>
      <h1 className="text-2xl font-bold">Team</h1>
      <p className="mt-1 max-w-prose text-slate-700">
        Dealer admins see every deal of the company and manage the team, API keys and webhooks. Sales reps see the
        deals, quotes and customers that are theirs, and have their own link.
      </p>
      <Table
        caption="Your company's users"
        columns={columns}
        rows={members}
        rowKey={(member) => member.id}
        empty="No users."
      />
      <InviteMember />
      <Reassign members={members} />
    </>
  );
}
