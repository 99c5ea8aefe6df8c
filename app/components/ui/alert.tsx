import type { Ref } from "react";

type AlertProps = {
  tone?: "error" | "success" | "info";
  children?: React.ReactNode;
  /** Extra classes (spacing, weight); with `live`, applied only while there is a message. */
  className?: string;
  /**
   * A live region: rendered while empty (no box, no classes, nothing to see) so that a screen
   * reader announces the message when it arrives; the box appears with the message.
   */
  live?: boolean;
  /** The message as a line of text in the tone's colour, without the box (a short message in a small form or dialog). */
  inline?: boolean;
  id?: string;
  /** -1 to move focus to the message (with `ref`). */
  tabIndex?: number;
  ref?: Ref<HTMLParagraphElement>;
};

const boxStyle = {
  error: "rounded-md border-l-4 p-3 border-red-700 bg-red-50 text-red-900",
  success: "rounded-md border-l-4 p-3 border-green-700 bg-green-50 text-green-900",
  info: "rounded-md border-l-4 p-3 border-brand-600 bg-brand-50 text-brand-900",
} as const;

const inlineStyle = { error: "text-red-800", success: "text-green-800", info: "text-brand-900" } as const;

const isEmpty = (children: React.ReactNode) =>
  children === null || children === undefined || children === false || children === "";

/** A message that needs attention: `error` interrupts (role="alert"), `success` and `info` are polite (role="status"). */
export function Alert({ tone = "error", children, className = "", live, inline, id, tabIndex, ref }: AlertProps) {
  const role = tone === "error" ? "alert" : "status";
  const classes =
    live && isEmpty(children) ? undefined : `${(inline ? inlineStyle : boxStyle)[tone]} ${className}`.trim();
  return (
    <p ref={ref} id={id} tabIndex={tabIndex} role={role} className={classes}>
      {children}
    </p>
  );
}
