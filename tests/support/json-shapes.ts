import fc from "fast-check";

// JSON text of shapes no form sends: nested thousands of levels deep (which once exhausted the
// stack of code walking a body), or with tens of thousands of keys or items. Built as text:
// JSON.stringify itself recurses.

/** Objects, arrays or both in turn, nested just past the limit (32) or 5,000 levels deep. */
export const deepJson = fc
  .record({ levels: fc.constantFrom(33, 5000), kind: fc.constantFrom("array", "object", "mixed") })
  .map(({ levels, kind }) => {
    const opener = (level: number) => (kind === "array" || (kind === "mixed" && level % 2) ? "[" : '{"a":');
    const closer = (level: number) => (kind === "array" || (kind === "mixed" && level % 2) ? "]" : "}");
    let open = "";
    let close = "";
    for (let level = 0; level < levels; level += 1) {
      open += opener(level);
      close = closer(level) + close;
    }
    return `${open}1${close}`;
  });

/** An object of many keys or an array of many items, all under the 1 MB body limit. */
export const wideJson = fc
  .record({ count: fc.constantFrom(5_000, 20_000), kind: fc.constantFrom("object", "array") })
  .map(({ count, kind }) => {
    const items = Array.from({ length: count }, (_, index) =>
      kind === "object" ? `"k${index}":${index}` : String(index),
    );
    return kind === "object" ? `{${items.join(",")}}` : `[${items.join(",")}]`;
  });

/** A deep or wide shape as text: the whole body, or put in one field of a body. */
export const jsonShape = fc.oneof({ arbitrary: deepJson, weight: 2 }, { arbitrary: wideJson, weight: 1 });

/** The body's JSON text with `field`'s value replaced by the shape's text (the shape itself when `field` is null). */
export function withShape(body: object, field: string | null, shape: string): string {
  if (field === null) return shape;
  const marker = "\u2063shape\u2063";
  return JSON.stringify({ ...body, [field]: marker }).replace(JSON.stringify(marker), shape);
}
