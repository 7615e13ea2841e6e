import { describe, expect, it } from "vitest";
import { rowFieldError } from "./form-text-field";

const required = { type: "too_small", message: "The user name field is required." };
const state = (isTouched: boolean) => ({ invalid: true, isTouched, isDirty: false, isValidating: false, error: required });

describe("rowFieldError", () => {
  it("keeps a new row's errors until its field is left or the form is submitted", () => {
    expect(rowFieldError(state(false), false)).toBeUndefined();
    expect(rowFieldError(state(true), false)).toBe(required);
    expect(rowFieldError(state(false), true)).toBe(required);
    expect(rowFieldError({ ...state(true), invalid: false, error: undefined }, true)).toBeUndefined();
  });
});
