/**
 * Minutes to first contact, kept as counts per bucket so that the median and 90th percentile of
 * any range merge from daily rollups (`response_day`) instead of sorting every arrival. Buckets are
 * one minute wide up to two hours, then 5 minutes up to ten hours, 30 minutes up to two days and
 * two hours up to a week; the last bucket holds everything longer. The SQL function
 * `response_wait_bucket` (migration 0015) is this rule; a database test holds the two together.
 */
const bands = [
  { upTo: 120, width: 1 },
  { upTo: 600, width: 5 },
  { upTo: 2880, width: 30 },
  { upTo: 10_080, width: 120 },
] as const;

/** Lower edges of the buckets, in minutes: bucket i is [edges[i], edges[i + 1]); the last is open. */
export const waitBucketEdges: readonly number[] = (() => {
  const edges: number[] = [];
  let from = 0;
  for (const band of bands) {
    for (let edge = from; edge < band.upTo; edge += band.width) edges.push(edge);
    from = band.upTo;
  }
  edges.push(from);
  return edges;
})();

export const waitBucketCount = waitBucketEdges.length;

/** The bucket of a wait (negative waits, a clock's skew, count as none). */
export function waitBucket(minutes: number): number {
  let from = 0;
  let index = 0;
  const wait = Math.max(minutes, 0);
  for (const band of bands) {
    if (wait < band.upTo) return index + Math.floor((wait - from) / band.width);
    index += (band.upTo - from) / band.width;
    from = band.upTo;
  }
  return index;
}

/** Adds one histogram into another, bucket by bucket. */
export function addWaitCounts(into: number[], counts: readonly number[]): number[] {
  for (let i = 0; i < counts.length; i++) into[i] = (into[i] ?? 0) + counts[i]!;
  return into;
}

/**
 * The q-th percentile (0-1) of the waits counted, as PostgreSQL's percentile_cont would give it
 * on the waits themselves, each wait taken as spread evenly across its bucket (a bucket's c waits
 * sit at the middles of c equal slices); the open last bucket's waits sit at its lower edge.
 * Accurate to a bucket's width: to the minute under two hours. Null when nothing was counted.
 */
export function waitPercentile(counts: readonly number[], q: number): number | null {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = q * (total - 1);
  const below = Math.floor(rank);
  const lower = nthWait(counts, below);
  if (rank === below) return lower;
  return lower + (rank - below) * (nthWait(counts, below + 1) - lower);
}

/** The n-th smallest wait (0-based), placed within its bucket. */
function nthWait(counts: readonly number[], n: number): number {
  let seen = 0;
  for (let bucket = 0; bucket < counts.length; bucket++) {
    const count = counts[bucket]!;
    if (n < seen + count) {
      const from = waitBucketEdges[bucket]!;
      const to = waitBucketEdges[bucket + 1];
      return to === undefined ? from : from + ((n - seen + 0.5) * (to - from)) / count;
    }
    seen += count;
  }
  throw new RangeError(`no wait number ${n}`);
}
