/**
 * A span around an operation when traces are on: server/tracing.ts installs the runner when it is
 * loaded; otherwise the operation runs bare and no OpenTelemetry module is ever imported.
 */
export type SpanRunner = <T>(
  name: string,
  attributes: Record<string, string | number>,
  run: () => Promise<T>,
) => Promise<T>;

let runner: SpanRunner = (_name, _attributes, run) => run();

export function installSpanRunner(next: SpanRunner): void {
  runner = next;
}

export function inSpan<T>(
  name: string,
  attributes: Record<string, string | number>,
  run: () => Promise<T>,
): Promise<T> {
  return runner(name, attributes, run);
}
