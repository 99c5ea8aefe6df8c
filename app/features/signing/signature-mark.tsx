import "@fontsource/dancing-script/400.css";

/** The script font of a typed signature (loaded by this screen only). */
export const scriptFont = { fontFamily: "'Dancing Script', cursive" } as const;

/** An adopted signature or set of initials as it will stand on the documents: typed in the script font, or drawn. */
export function SignatureMark({
  text,
  drawnPng,
  label,
  size = "large",
}: {
  text: string;
  drawnPng?: string | null;
  /** What a screen reader hears ("Your signature"). */
  label: string;
  size?: "large" | "small";
}) {
  if (drawnPng)
    return (
      <img
        src={`data:image/png;base64,${drawnPng}`}
        alt={`${label}: drawn (${text})`}
        className={size === "large" ? "h-16 max-w-full object-contain" : "h-8 max-w-full object-contain"}
      />
    );
  return (
    <span
      role="img"
      aria-label={`${label}: ${text}, typed`}
      style={scriptFont}
      className={`${size === "large" ? "text-4xl" : "text-2xl"} leading-tight text-slate-900`}
    >
      {text}
    </span>
  );
}
