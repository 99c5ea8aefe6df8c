/** Estimates are not offers (state disclosure laws treat specific offers differently). */
export function EstimateDisclosure() {
  return (
    <p className="mt-4 text-sm text-slate-700">
      These figures are estimates for discussion, not an offer or commitment to lend. Your actual rate, payment and
      terms depend on a full credit review and the documents you provide.
    </p>
  );
}
