/** The programs a funder takes (docs/product-rules.md#r54-the-funder-network). */
export const fundingPrograms = [
  { value: "equipment-finance", label: "Equipment finance" },
  { value: "lease", label: "Lease" },
  { value: "working-capital", label: "Working capital" },
  { value: "line-of-credit", label: "Line of credit" },
  { value: "start-up", label: "Start-up" },
] as const;

export type FundingProgram = (typeof fundingPrograms)[number]["value"];

export const fundingProgramValues = fundingPrograms.map((program) => program.value) as [
  FundingProgram,
  ...FundingProgram[],
];

/** A deal's program: every deal is equipment finance until deals carry their program. */
export const dealProgram = (): FundingProgram => "equipment-finance";

/** The industries the company finances (the vendor pitch's list). */
export const industries = [
  { value: "construction", label: "Construction" },
  { value: "medical", label: "Medical" },
  { value: "hardware", label: "Hardware" },
  { value: "software", label: "Software" },
  { value: "restaurant", label: "Restaurant" },
  { value: "transportation", label: "Transportation" },
] as const;

export type Industry = (typeof industries)[number]["value"];

export const industryValues = industries.map((industry) => industry.value) as [Industry, ...Industry[]];

export const labelOf = (list: readonly { value: string; label: string }[], value: string) =>
  list.find((entry) => entry.value === value)?.label ?? value;
