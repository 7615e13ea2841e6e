import type { ErrorMap } from "../shared/error-map";

export const planErrors = {
  // Thrown with the plan's name, the limit and what it counts in the message (plan-limits.ts).
  plan_limit_reached: { status: 422, message: "Your plan does not allow more. Upgrade your plan to add more." },
  plan_not_found: { status: 422, message: "There is no plan with this key." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    plans: typeof planErrors;
  }
}
