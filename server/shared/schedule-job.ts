/**
 * Runs a job on a timer in this server process: `firstMs` after start, then every `everyMs`; a
 * failure is logged as "<name> failed" and the next try comes on time. The timers do not hold the
 * process open. Returns the function that stops them (at shutdown).
 */
export function scheduleJob(
  name: string,
  run: () => Promise<unknown>,
  log: { warn(obj: object, msg: string): void },
  { firstMs, everyMs }: { firstMs: number; everyMs: number },
): () => void {
  const safe = () => void run().catch((error: Error) => log.warn({ err: error.message }, `${name} failed`));
  const first = setTimeout(safe, firstMs);
  const repeat = setInterval(safe, everyMs);
  first.unref();
  repeat.unref();
  return () => {
    clearTimeout(first);
    clearInterval(repeat);
  };
}
