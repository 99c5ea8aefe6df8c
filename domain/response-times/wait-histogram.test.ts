import { describe, expect, it } from "vitest";
import { addWaitCounts, waitBucket, waitBucketCount, waitBucketEdges, waitPercentile } from "./wait-histogram.ts";

const histogramOf = (waits: number[]) => {
  const counts = new Array<number>(waitBucketCount).fill(0);
  for (const wait of waits) counts[waitBucket(wait)]!++;
  return counts;
};

/** percentile_cont on the waits themselves. */
function exactPercentile(waits: number[], q: number) {
  const sorted = [...waits].sort((a, b) => a - b);
  const rank = q * (sorted.length - 1);
  const below = Math.floor(rank);
  return sorted[below]! + (rank - below) * ((sorted[Math.ceil(rank)] ?? 0) - sorted[below]!);
}

describe("wait buckets", () => {
  it("are a minute wide to two hours, then 5 minutes to ten hours, 30 to two days, two hours to a week, then open", () => {
    expect(waitBucketCount).toBe(353);
    expect([waitBucket(0), waitBucket(0.99), waitBucket(1), waitBucket(119.9)]).toEqual([0, 0, 1, 119]);
    expect([waitBucket(120), waitBucket(124.9), waitBucket(125), waitBucket(599)]).toEqual([120, 120, 121, 215]);
    expect([waitBucket(600), waitBucket(2879), waitBucket(2880), waitBucket(10_079)]).toEqual([216, 291, 292, 351]);
    expect([waitBucket(10_080), waitBucket(100_000), waitBucket(-3)]).toEqual([352, 352, 0]);
    // Every edge falls in its own bucket.
    expect(waitBucketEdges.every((edge, index) => waitBucket(edge) === index)).toBe(true);
  });
});

describe("percentiles from buckets", () => {
  it("place a bucket's waits at the middles of equal slices and interpolate as percentile_cont does", () => {
    // 10, 20, 30, 40, 100 minutes exactly: each alone in its minute, read as its middle (+0.5).
    const counts = histogramOf([10, 20, 30, 40, 100]);
    expect(waitPercentile(counts, 0.5)).toBe(30.5);
    expect(waitPercentile(counts, 0.9)).toBeCloseTo(40.5 + 0.6 * 60, 10);
    // Four waits in the bucket [125, 130): at 125.625, 126.875, 128.125, 129.375.
    expect(waitPercentile(histogramOf([125, 126, 127, 128]), 0)).toBe(125.625);
    expect(waitPercentile(histogramOf([125, 126, 127, 128]), 1)).toBe(129.375);
    // The open bucket cannot say more than "a week or longer".
    expect(waitPercentile(histogramOf([20_000]), 0.5)).toBe(10_080);
    expect(waitPercentile(histogramOf([]), 0.5)).toBeNull();
  });

  it("stay within a bucket's width of the exact percentiles, and merge by adding counts", () => {
    let seed = 17;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    // Waits as a lender sees them: most within the hour, a tail of after-hours leads over days.
    const waits = Array.from({ length: 5000 }, () => (random() < 0.8 ? random() * 90 : random() * 4000));
    const days = [waits.slice(0, 2000), waits.slice(2000)].map(histogramOf);
    const merged = addWaitCounts(new Array<number>(waitBucketCount).fill(0), days[0]!);
    addWaitCounts(merged, days[1]!);
    expect(merged).toEqual(histogramOf(waits));
    for (const q of [0.1, 0.5, 0.9, 0.99]) {
      const exact = exactPercentile(waits, q);
      const width = waitBucketEdges[waitBucket(exact) + 1]! - waitBucketEdges[waitBucket(exact)]!;
      expect(Math.abs(waitPercentile(merged, q)! - exact)).toBeLessThanOrEqual(width);
    }
  });
});
