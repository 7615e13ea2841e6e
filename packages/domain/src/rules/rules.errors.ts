import type { ErrorMap } from "../shared/error-map";

export const ruleErrors = {
  rule_not_found: { status: 404, message: "Rule not found." },
  rule_type_locked: { status: 422, message: "The type of a rule cannot be changed." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    rules: typeof ruleErrors;
  }
}
