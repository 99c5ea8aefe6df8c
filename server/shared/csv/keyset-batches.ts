/**
 * Rows in batches of `size`, each query starting after the last row of the batch before
 * (keyset pagination): no offset to skip over, no transaction or cursor held between batches.
 */
export async function* keysetBatches<Row>(
  fetch: (after: Row | undefined, size: number) => Promise<Row[]>,
  size: number,
): AsyncGenerator<Row[]> {
  let after: Row | undefined;
  for (;;) {
    const rows = await fetch(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows.at(-1);
  }
}
