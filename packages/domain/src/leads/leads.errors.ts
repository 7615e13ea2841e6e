import type { ErrorMap } from "../shared/error-map";

export const leadErrors = {
  lead_not_found: { status: 404, message: "Lead not found." },
  lead_value_not_found: { status: 404, message: "Lead value not found." },
  lead_value_taken: { status: 422, message: "The lead already has this value." },
  lead_value_required: { status: 422, message: "The value field is required." },
  lead_phone_invalid: { status: 422, message: "The phone number is not valid." },
  lead_phone_taken: { status: 422, message: "This phone number belongs to another lead." },
  lead_email_invalid: { status: 422, message: "The email address is not valid." },
  lead_email_taken: { status: 422, message: "This email address belongs to another lead." },
  lead_email_status_change: { status: 422, message: "This email status cannot be changed to that status." },
  lead_cursor_invalid: { status: 422, message: "The cursor is not valid; start from the first page." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    leads: typeof leadErrors;
  }
}
