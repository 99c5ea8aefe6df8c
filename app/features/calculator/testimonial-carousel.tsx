import { useEffect, useState, useSyncExternalStore } from "react";
import { brand } from "../../lib/public-config.ts";

const rotateEveryMs = 7000;
const reducedMotionQuery = "(prefers-reduced-motion: reduce)";

function subscribeToReducedMotion(onChange: () => void) {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** The brand's testimonials one at a time; pauses on hover and focus and when motion is reduced. */
export function TestimonialCarousel() {
  const items = brand.testimonials;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  // Still while prerendered and hydrating; then as the visitor's setting says, following changes.
  const reducedMotion = useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => true,
  );
  useEffect(() => {
    if (paused || reducedMotion || items.length < 2) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % items.length), rotateEveryMs);
    return () => clearInterval(timer);
  }, [paused, reducedMotion, items.length]);

  if (items.length === 0) return null;
  const item = items[index]!;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="What our customers say"
      className="rounded-lg bg-white/10 p-6"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${items.length}`}
        aria-live={paused ? "polite" : "off"}
      >
        <h3 className="text-lg font-semibold">{item.header}</h3>
        <p className="mt-2">“{item.text}”</p>
        <p className="mt-2 text-sm text-slate-300">{item.source}</p>
      </div>
      <div className="mt-4 flex gap-2">
        <button
          type="button"
          className="min-h-11 rounded-md border border-white/60 px-3"
          onClick={() => setIndex((index - 1 + items.length) % items.length)}
        >
          Previous testimonial
        </button>
        <button
          type="button"
          className="min-h-11 rounded-md border border-white/60 px-3"
          onClick={() => setIndex((index + 1) % items.length)}
        >
          Next testimonial
        </button>
      </div>
    </section>
  );
}
