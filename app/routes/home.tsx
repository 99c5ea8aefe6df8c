import { lazy, Suspense } from "react";
import {
  Hero,
  Industries,
  IntroBanner,
  MobileBottomBar,
  mobileBottomBarSpacerClass,
  ProgramCards,
} from "../features/content/landing-sections.tsx";
import { publicPageMeta } from "../lib/page-meta.ts";

export const meta = () => publicPageMeta("/");

// Prerendered in the HTML; its code loads after the page's own, keeping the landing light.
const LandingQuestionnaire = lazy(() =>
  import("../features/questionnaire/landing-questionnaire.tsx").then((module) => ({
    default: module.LandingQuestionnaire,
  })),
);

export default function Home() {
  return (
    <>
      <IntroBanner />
      <Hero />
      <section id="questionnaire" aria-labelledby="questionnaire-heading" className="scroll-mt-20 bg-white">
        <div className="mx-auto max-w-3xl px-4 py-12">
          <h2 id="questionnaire-heading" className="text-2xl font-bold text-brand-900">
            See if you pre-qualify
          </h2>
          <p className="mt-2 text-slate-700">
            Answer a few questions and see estimated monthly payments. We will not pull your credit.
          </p>
          <div className="mt-6">
            <Suspense fallback={<p role="status">Loading the questions…</p>}>
              <LandingQuestionnaire />
            </Suspense>
          </div>
        </div>
      </section>
      <Industries />
      <ProgramCards />
      <MobileBottomBar />
      <div className={mobileBottomBarSpacerClass} />
    </>
  );
}
