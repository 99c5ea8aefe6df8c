import { ThankYou as ThankYouContent } from "../features/content/thank-you.tsx";
import { publicPageMeta } from "../lib/page-meta.ts";

export const meta = () => publicPageMeta("/ThankYou");

export default function ThankYou() {
  return <ThankYouContent />;
}
