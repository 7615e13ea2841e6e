import type { ErrorMap } from "../shared/error-map";

export const billingErrors = {
  insufficient_funds: { status: 402, message: "Insufficient funds to continue paid lookup!" },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    billing: typeof billingErrors;
  }
}
