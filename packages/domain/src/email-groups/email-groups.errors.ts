import type { ErrorMap } from "../shared/error-map";

export const emailGroupErrors = {
  spam_email_group_not_found: { status: 404, message: "Spam email group not found." },
  spam_email_invalid: { status: 422, message: "An email address is not valid." },
  sender_email_group_not_found: { status: 404, message: "Sender email group not found." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    "email-groups": typeof emailGroupErrors;
  }
}
