import { Readable } from "node:stream";
import { csvLines } from "./to-csv.ts";

type Rows = readonly (readonly unknown[])[];

/**
 * A CSV body written batch by batch as the client takes it, so one batch at a time is in memory.
 * The first batch is read before anything is sent: a failing query is still an error answer.
 */
export async function csvStream(header: readonly string[], batches: AsyncIterable<Rows>): Promise<Readable> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* lines() {
    try {
      yield csvLines(first.done ? [header] : [header, ...first.value]);
      if (first.done) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield csvLines(next.value);
    } finally {
      // The client went away mid-export: stop reading.
      await iterator.return?.();
    }
  }
  return Readable.from(lines(), { objectMode: true, highWaterMark: 1 });
}
