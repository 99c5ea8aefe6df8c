type IconProps = { className?: string };

const base = (className = "size-6") => ({
  className,
  viewBox: "0 0 24 24",
  fill: "currentColor",
  "aria-hidden": true as const,
  focusable: false as const,
});

export function MenuIcon({ className }: IconProps) {
  return (
    <svg {...base(className)}>
      <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
    </svg>
  );
}

export function CloseIcon({ className }: IconProps) {
  return (
    <svg {...base(className)}>
      <path d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z" />
    </svg>
  );
}

/** Material's mark_email_read: the footer form's "sent" mark (docs/product-rules.md#r51-screens-keep-the-specs-layout-and-words). */
export function MarkEmailReadIcon({ className }: IconProps) {
  return (
    <svg {...base(className)}>
      <path d="M12 19c0-3.87 3.13-7 7-7 1.08 0 2.09.25 3 .68V6c0-1.1-.9-2-2-2H4c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h8.08c-.05-.33-.08-.66-.08-1zM4 6l8 5 8-5v2l-8 5-8-5V6zm13.34 16-3.54-3.54 1.41-1.41 2.12 2.12 4.24-4.24L23 16.34 17.34 22z" />
    </svg>
  );
}
