import { calculatorEntityFlags, calculatorEntityLabels } from "#domain/calculator/calculator-schema.ts";
import { finishPrice, formatPriceAsTyped } from "#domain/calculator/price-input.ts";
import { formatUsPhone } from "#domain/forms/us-phone.ts";
import { CALCULATOR_TERMS } from "#domain/pricing/calculator-quote.ts";
import { CREDIT_SCORE_BUTTONS } from "#domain/pricing/credit-score-buttons.ts";
import { oldestDebtOptions } from "#domain/pricing/oldest-debt-options.ts";
import { months } from "#domain/questionnaire/answer-schema.ts";
import { ChoiceButtons } from "../../components/ui/choice-buttons.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import type { CalculatorAnswers } from "./calculator-answers.ts";

type StepProps = {
  answers: CalculatorAnswers;
  set: (patch: Partial<CalculatorAnswers>) => void;
  errors: Record<string, string>;
  currentYear: number;
};

type TextKey = {
  [K in keyof CalculatorAnswers]: CalculatorAnswers[K] extends string ? K : never;
}[keyof CalculatorAnswers];

function useText({ answers, set, errors }: StepProps) {
  return (name: TextKey, format?: (raw: string) => string, finish?: (text: string) => string) => ({
    name,
    value: answers[name],
    // Each step reports one message (docs/product-rules.md#r52-forms-check-what-the-spec-checks); the fields only show
    // which are missing.
    invalid: Boolean(errors[name]),
    onChange: (event: { target: { value: string } }) =>
      set({ [name]: format ? format(event.target.value) : event.target.value }),
    onBlur: finish ? () => set({ [name]: finish(answers[name]) }) : undefined,
  });
}

/** Exclusive choice between string values: pressing the chosen one keeps it. */
function exclusive(
  props: StepProps,
  name: TextKey,
  options: readonly { value: string; label: string }[],
  legend: string,
) {
  return (
    <ChoiceButtons
      legend={legend}
      options={options}
      isPressed={(value) => props.answers[name] === value}
      onToggle={(value) => props.set({ [name]: value })}
      invalid={Boolean(props.errors[name])}
    />
  );
}

export function VendorStep(props: StepProps) {
  const { answers, set } = props;
  const text = useText(props);
  const trucking = answers.clicknewTruckButton || answers.clicknewReeferButton;
  const condition = answers.clickedNew || answers.clickusedButton;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="Vendor name" maxLength={22} autoComplete="off" {...text("vendorName")} />
      <TextField label="Sales person" autoComplete="off" {...text("salesPersonName")} />
      <TextField
        label="Vendor phone"
        inputMode="tel"
        autoComplete="off"
        placeholder="(555) 555-5555"
        {...text("phoneNumberVendor", formatUsPhone)}
      />
      <TextField label="Equipment cost" inputMode="decimal" {...text("costEq", formatPriceAsTyped, finishPrice)} />
      <TextField
        label="Monthly earnings the equipment adds"
        inputMode="decimal"
        help="In dollars, for example 4,000.00"
        {...text("revenueAddBusiness", formatPriceAsTyped, finishPrice)}
      />
      <TextField label="Equipment description (if not trucking)" autoComplete="off" {...text("notTruckingEquipment")} />
      <ChoiceButtons
        className="sm:col-span-2"
        legend="Trucking equipment"
        options={[
          { value: "clicknewTruckButton", label: "Truck" },
          { value: "clicknewReeferButton", label: "Trailer" },
        ]}
        isPressed={(value) => answers[value as "clicknewTruckButton"]}
        onToggle={(value) => {
          const next = { ...answers, [value]: !answers[value as "clicknewTruckButton"] };
          const stillTrucking = next.clicknewTruckButton || next.clicknewReeferButton;
          set({
            [value]: next[value as "clicknewTruckButton"],
            ...(stillTrucking ? {} : { clickedNew: false, clickusedButton: false }),
            ...(next.clicknewTruckButton ? {} : { clickdayCabButton: false, clicksleeperButton: false }),
          });
        }}
      />
      {trucking ? (
        <ChoiceButtons
          legend="New or used"
          options={[
            { value: "new", label: "New" },
            { value: "used", label: "Used" },
          ]}
          isPressed={(value) => (value === "new" ? answers.clickedNew : answers.clickusedButton)}
          onToggle={(value) => set({ clickedNew: value === "new", clickusedButton: value === "used" })}
        />
      ) : null}
      {answers.clicknewTruckButton && condition ? (
        <ChoiceButtons
          legend="Cab"
          options={[
            { value: "clickdayCabButton", label: "Day Cab" },
            { value: "clicksleeperButton", label: "Sleeper" },
          ]}
          isPressed={(value) => answers[value as "clickdayCabButton"]}
          onToggle={(value) => set({ [value]: !answers[value as "clickdayCabButton"] })}
        />
      ) : null}
    </div>
  );
}

export function OwnerStep(props: StepProps) {
  const text = useText(props);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="First name" autoComplete="given-name" {...text("firstNameModel")} />
      <TextField label="Last name" autoComplete="family-name" {...text("lastNameModel")} />
      <TextField label="E-mail" type="email" autoComplete="email" {...text("ownersEmail")} />
      <TextField
        label="Phone"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(555) 555-5555"
        {...text("OwnersPhoneNumber", formatUsPhone)}
      />
    </div>
  );
}

export function BusinessStep(props: StepProps) {
  const { answers, set, errors, currentYear } = props;
  const text = useText(props);
  const years = Array.from({ length: currentYear - 1900 + 1 }, (_, i) => String(currentYear - i)).map((year) => ({
    value: year,
    label: year,
  }));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ChoiceButtons
        className="sm:col-span-2"
        legend="Type of business (choose all that apply)"
        options={calculatorEntityFlags.map((flag) => ({ value: flag, label: calculatorEntityLabels[flag] }))}
        isPressed={(value) => answers[value as "llcpartPositive"]}
        onToggle={(value) => set({ [value]: !answers[value as "llcpartPositive"] })}
        invalid={Boolean(errors.llcpartPositive)}
      />
      {exclusive(
        props,
        "firstTimeBuyer",
        [
          { value: "yes", label: "Yes" },
          { value: "no", label: "No" },
        ],
        "Is this your first equipment purchase?",
      )}
      <div />
      <SelectField
        label="Month the business started"
        options={months.map((month) => ({ value: month, label: month }))}
        placeholder="Choose a month"
        value={answers.monthsofbusinessStart}
        invalid={Boolean(errors.monthsofbusinessStart)}
        onChange={(event) => set({ monthsofbusinessStart: event.target.value })}
      />
      <SelectField
        label="Year the business started"
        options={years}
        placeholder="Choose a year"
        value={answers.yearbusinessStarted}
        invalid={Boolean(errors.yearbusinessStarted)}
        onChange={(event) => set({ yearbusinessStarted: event.target.value })}
      />
      <TextField
        label="Monthly sales"
        inputMode="decimal"
        help="The business's average monthly sales, in dollars"
        {...text("monthlySalesInput", formatPriceAsTyped, finishPrice)}
      />
      {exclusive(
        props,
        "preferredFinancing",
        CALCULATOR_TERMS.map((term) => ({ value: String(term), label: `${term} months` })),
        "Preferred term",
      )}
    </div>
  );
}

export function CreditStep(props: StepProps) {
  return (
    <div className="grid gap-6">
      {exclusive(
        props,
        "creditscore",
        CREDIT_SCORE_BUTTONS.map((button) => ({ value: String(button.score), label: button.label })),
        "Personal credit score",
      )}
      {exclusive(props, "lengthCredit", oldestDebtOptions, "Age of your oldest debt")}
      {exclusive(
        props,
        "bk",
        [
          { value: "no", label: "No" },
          { value: "yes", label: "Yes" },
        ],
        "Bankruptcy in the last 5 years?",
      )}
      {exclusive(
        props,
        "creditAvailable",
        [
          { value: "less than 20%", label: "Less than 20%" },
          { value: "30-50%", label: "30-50%" },
          { value: "60-100%", label: "60-100%" },
        ],
        "Credit available on your cards",
      )}
      {exclusive(
        props,
        "installmentLoans",
        [
          { value: "fewer than 5", label: "Fewer than 5" },
          { value: "more than 5", label: "More than 5" },
        ],
        "Installment loans",
      )}
      {exclusive(
        props,
        "homeownerOrRenter",
        [
          { value: "homeowner", label: "Homeowner" },
          { value: "renter", label: "Renter" },
        ],
        "Homeowner or renter",
      )}
      {exclusive(
        props,
        "businessLoans",
        [
          { value: "fewer than 5", label: "Fewer than 5" },
          { value: "more than 5", label: "More than 5" },
        ],
        "Business loans",
      )}
      {exclusive(
        props,
        "workingCapitalLoans",
        [
          { value: "yes", label: "Yes" },
          { value: "no", label: "No" },
        ],
        "Any working capital loans?",
      )}
    </div>
  );
}
