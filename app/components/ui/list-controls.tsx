import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import * as z from "zod/mini";
import { formatTotal, searchText, type ListPage } from "#domain/http/list-page.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { withListParams } from "../../lib/list-url.ts";
import { Button, buttonClass } from "./button.tsx";
import { Form } from "./form.tsx";
import { TextField } from "./text-field.tsx";

// An empty box searches for nothing: the whole list again.
const searchForm = z.object({ q: z.union([z.literal(""), searchText]) });

/** Changes the list's view in the URL (a navigation: the route's loader reads it), back to the first page. */
export function useListView() {
  const navigate = useNavigate();
  // From the address as it is now, not as last rendered. The router writes a finished navigation's
  // address first and React renders it after (a transition), so useSearchParams' setter, whose
  // "current" is the rendered address, could still hold the view before it: a filter chosen right
  // after clearing the search brought the old search back (the flaky "Next page" of
  // tests/e2e/back-office-lists.test.ts: the URL had the filter, and the list the 11 old matches).
  return (changes: Record<string, string>) =>
    navigate(`?${withListParams(new URLSearchParams(window.location.search), changes).toString()}`, {
      preventScrollReset: true,
    });
}

/**
 * A list's filter bar (docs/product-rules.md#r46-back-office-lists): the search box (checked by the lists' search rule,
 * submitted
 * with Enter or the button) and the list's own filters as children, which apply at once.
 */
export function ListFilters({
  name,
  q,
  help,
  children,
}: {
  name: string;
  q: string;
  help: string;
  children?: React.ReactNode;
}) {
  const change = useListView();
  const search = useSchemaForm(searchForm, { q });
  // The box follows the URL (back, forward, a shared link) as the loader does.
  const [searched, setSearched] = useState(q);
  if (searched !== q) {
    setSearched(q);
    search.reset({ q });
  }
  return (
    <Form
      className="mt-4 flex flex-wrap items-end gap-3"
      aria-label={name}
      onSubmit={(event) => {
        event.preventDefault();
        const query = search.validate();
        if (query) void change({ q: (query.q ?? "").trim() });
      }}
      noValidate
    >
      <TextField label="Search" type="search" help={help} {...search.text("q")} />
      <Button type="submit" variant="secondary">
        Search
      </Button>
      {children}
    </Form>
  );
}

/** The first and last day of a list's range (business time zone), e.g. "Received from" and "Received to"; a complete date applies at once. */
export function DateRangeFilter({ from, to, verb }: { from: string; to: string; verb: string }) {
  const change = useListView();
  return (
    <>
      <TextField
        label={`${verb} from`}
        type="date"
        value={from}
        onChange={(event) => void change({ from: event.target.value })}
        className="w-44"
      />
      <TextField
        label={`${verb} to`}
        type="date"
        value={to}
        onChange={(event) => void change({ to: event.target.value })}
        className="w-44"
      />
    </>
  );
}

/** How many rows match ("10,000+" past the count's cap) and the links to the pages either side, kept in the URL. */
export function ListPager({ page, noun }: { page: ListPage; noun: string }) {
  const [searchParams] = useSearchParams();
  const to = (cursor: string) => `?${withListParams(searchParams, { cursor }).toString()}`;
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p role="status" className="text-slate-700">
        {formatTotal(page)} {noun}
      </p>
      <nav aria-label={`Pages of ${noun}`} className="flex gap-2">
        {page.previous ? (
          <Link to={to(page.previous)} className={buttonClass("secondary")} preventScrollReset>
            Previous page
          </Link>
        ) : null}
        {page.next ? (
          <Link to={to(page.next)} className={buttonClass("secondary")} preventScrollReset>
            Next page
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
