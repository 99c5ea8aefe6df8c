import * as z from "zod/mini";
import { parseMoney } from "../pricing/money-format.ts";

// Fields a form holds as text and a route receives typed: the schema's input is what was typed, its
// output the list, the cents or the number (one schema for the form and the route).

/** No amount a funder states or publishes is above this many dollars. */
const maxDollars = 100_000_000;

/** A list typed as words separated by commas ("TX, OK"): the schema's output is the list. */
export const commaList = <T extends string>(allowed: readonly T[], message: string) =>
  z.pipe(
    z.string().check(
      z.maxLength(400, "Please use at most 400 characters."),
      z.refine((text) => splitList(text).every((item) => allowed.includes(item as T)), message),
    ),
    z.transform((text) => splitList(text) as T[]),
  );

export const splitList = (text: string) =>
  [
    ...new Set(
      text
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ].sort();

/** Dollars as typed, or empty for no limit: the output is cents or null. */
export const optionalDollars = (message: string) =>
  z.pipe(
    z.string().check(
      z.trim(),
      z.refine((text) => {
        if (text === "") return true;
        const amount = parseMoney(text);
        return amount !== undefined && amount >= 0 && amount <= maxDollars;
      }, message),
    ),
    z.transform((text) => (text === "" ? null : Math.round(parseMoney(text)! * 100))),
  );

/** A whole number in a range, or empty for no limit. */
export const optionalWhole = (min: number, max: number, message: string) =>
  z.pipe(
    z.string().check(
      z.trim(),
      z.refine((text) => text === "" || (/^\d+$/.test(text) && Number(text) >= min && Number(text) <= max), message),
    ),
    z.transform((text) => (text === "" ? null : Number(text))),
  );
