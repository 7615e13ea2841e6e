import type { ErrorMap } from "../shared/error-map";

export const optInErrors = {
  signup_form_not_found: { status: 404, message: "Sign-up form not found." },
  signup_form_field_invalid: { status: 422, message: "Choose fields among your lead attributes (the phone is always asked)." },
  signup_form_sender_invalid: { status: 422, message: "Choose a number of your active SMS gateways." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    "opt-in": typeof optInErrors;
  }
}
