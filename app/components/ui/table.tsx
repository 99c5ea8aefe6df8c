import { useState } from "react";

export type SortDirection = "ascending" | "descending";
export type TableSort = { key: string; direction: SortDirection };

export type TableColumn<Row> = {
  key: string;
  header: React.ReactNode;
  cell: (row: Row) => React.ReactNode;
  /** The row's name (a `<th scope="row">`): one column per table. */
  rowHeader?: boolean;
  /** Sortable by this value in the browser. */
  sortValue?: (row: Row) => string | number;
  /** Sortable by the server (with the table's `onSort`). */
  sortable?: boolean;
  className?: string;
};

type TableProps<Row> = {
  /** The table's accessible name (a visually hidden caption unless `showCaption`). */
  caption: string;
  showCaption?: boolean;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown instead of the table when there are no rows, as a paragraph (so text, never a block of its own). */
  empty: string;
  /** Controlled sort (e.g. kept in the URL and applied by the server); otherwise rows are sorted here. */
  sort?: TableSort | null;
  onSort?: (sort: TableSort) => void;
  initialSort?: TableSort;
  /** Extra classes for a row (e.g. a tint for an overdue lead). */
  rowClassName?: (row: Row) => string;
  className?: string;
};

/**
 * A data table: a caption, column headers, an optional row header, sortable columns (a button in
 * the header, `aria-sort` on the sorted one) and an empty state. Wide tables scroll inside their
 * own focusable region, never the page.
 */
export function Table<Row>({
  caption,
  showCaption,
  columns,
  rows,
  rowKey,
  empty,
  sort: controlledSort,
  onSort,
  initialSort,
  rowClassName,
  className = "",
}: TableProps<Row>) {
  const [localSort, setLocalSort] = useState<TableSort | null>(initialSort ?? null);
  const sort = onSort ? (controlledSort ?? null) : localSort;
  if (rows.length === 0) return <p className={`mt-4 text-slate-700 ${className}`}>{empty}</p>;

  const sortedRows =
    onSort || !sort
      ? rows
      : sortRows(
          rows,
          columns.find((column) => column.key === sort.key),
          sort.direction,
        );
  const changeSort = (key: string) => {
    const next: TableSort = {
      key,
      direction: sort?.key === key && sort.direction === "ascending" ? "descending" : "ascending",
    };
    if (onSort) onSort(next);
    else setLocalSort(next);
  };

  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className={`relative mt-4 max-w-full overflow-x-auto ${className}`}
    >
      <table className="w-full border-collapse text-left text-sm wrap-break-word">
        <caption className={showCaption ? "mb-2 text-left font-semibold" : "sr-only"}>{caption}</caption>
        <thead>
          <tr className="border-b-2">
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`p-2 ${column.className ?? ""}`}
                aria-sort={sort?.key === column.key ? sort.direction : undefined}
              >
                {column.sortValue || (onSort && column.sortable) ? (
                  <button
                    type="button"
                    className="inline-flex min-h-11 items-center gap-1 font-semibold hover:underline"
                    onClick={() => changeSort(column.key)}
                  >
                    {column.header}
                    <span aria-hidden="true">
                      {sort?.key === column.key ? (sort.direction === "ascending" ? "▲" : "▼") : "↕"}
                    </span>
                  </button>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sortedRows.map((row) => (
            <tr key={rowKey(row)} className={`border-b align-top ${rowClassName?.(row) ?? ""}`}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.key} scope="row" className={`p-2 text-left font-normal ${column.className ?? ""}`}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={`p-2 ${column.className ?? ""}`}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function sortRows<Row>(
  rows: readonly Row[],
  column: TableColumn<Row> | undefined,
  direction: SortDirection,
): readonly Row[] {
  const value = column?.sortValue;
  if (!value) return rows;
  const sign = direction === "ascending" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = value(a);
    const right = value(b);
    return (
      sign *
      (typeof left === "number" && typeof right === "number" ? left - right : String(left).localeCompare(String(right)))
    );
  });
}
