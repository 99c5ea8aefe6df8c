import { CalculatorScreen } from "../features/calculator/calculator-screen.tsx";
import { publicPageMeta } from "../lib/page-meta.ts";

export const meta = () => publicPageMeta("/GetQualified");

export default function GetQualified() {
  return (
    <div className="bg-black text-white">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <CalculatorScreen partner={null} />
      </div>
    </div>
  );
}
