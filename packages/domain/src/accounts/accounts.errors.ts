import type { ErrorMap } from "../shared/error-map";

export const accountErrors = {
  unauthenticated: { status: 401, message: "Unauthenticated." },
  token_expired: { status: 401, message: "Your session has expired. Please sign in again." },
  invalid_credentials: { status: 401, message: "Incorrect password or user not found." },
  account_not_approved: { status: 403, message: "Account has not yet been approved" },
  account_blocked: { status: 403, message: "Your account has been blocked. Please contact your team administrator." },
  user_not_found: { status: 404, message: "User not found." },
  email_taken: { status: 422, message: "The email has already been taken." },
  wrong_current_password: { status: 422, message: "The old password is incorrect." },
  reset_token_invalid: { status: 422, message: "This password reset link is invalid or has expired." },
  reset_code_invalid: { status: 422, message: "The confirmation code is incorrect." },
  reset_code_required: { status: 422, message: "Enter the confirmation code from the email first." },
  reset_code_attempts: { status: 422, message: "Too many wrong codes. Please request a new one." },
  reset_email_mismatch: { status: 422, message: "The email does not match this password reset." },
  cannot_block_self: { status: 422, message: "You cannot block yourself." },
  last_admin: { status: 422, message: "A team needs at least one active admin." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    accounts: typeof accountErrors;
  }
}
