import { describe, expect, it } from "vitest";
import {
  calculatorEntityFlags,
  calculatorLeadRequest,
  calculatorMessages,
  calculatorSteps,
} from "#domain/calculator/calculator-schema.ts";
import { ownerNameMessage, questionnaireAnswerRequest } from "#domain/questionnaire/answer-schema.ts";
import { emptyAnswers } from "../features/calculator/calculator-answers.ts";
import { errorsOfFields } from "./use-schema-form.ts";

describe("a step of a form: its own fields, checked against the whole schema", () => {
  it("shows only the errors of the step's fields", () => {
    const errors = errorsOfFields(questionnaireAnswerRequest, { nameOfOwner: "A", businessName: "" }, ["nameOfOwner"]);
    expect(errors).toEqual({ nameOfOwner: ownerNameMessage });
    expect(errorsOfFields(questionnaireAnswerRequest, { nameOfOwner: "Maria Lopez" }, ["nameOfOwner"])).toEqual({});
  });

  it("gives every error without a list of fields", () => {
    expect(Object.keys(errorsOfFields(questionnaireAnswerRequest, {}, null)).length).toBeGreaterThan(10);
  });

  it("sees the calculator's business-type rule while later steps are still empty", () => {
    const businessFields = Object.keys(calculatorSteps[2].shape);
    const errors = errorsOfFields(calculatorLeadRequest, emptyAnswers, businessFields);
    expect(errors[calculatorEntityFlags[0]]).toBe(calculatorMessages.section);
    expect(Object.keys(errors).every((field) => businessFields.includes(field))).toBe(true);
    const chosen = errorsOfFields(
      calculatorLeadRequest,
      { ...emptyAnswers, solepropPartPositive: true },
      businessFields,
    );
    expect(chosen[calculatorEntityFlags[0]]).toBeUndefined();
  });
});
