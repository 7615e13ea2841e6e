import { attributeErrors } from "../attributes/attributes.errors";
import { billingErrors } from "../billing/billing.errors";
import { contactErrors } from "../contacts/contacts.errors";
import { gatewayErrors } from "../gateways/gateways.errors";
import { importApiErrors } from "../import-api/import-api.errors";
import { importErrors } from "../imports/imports.errors";
import { leadErrors } from "../leads/leads.errors";
import { listErrors } from "../lists/lists.errors";
import { lookupErrors } from "../lookups/lookups.errors";
import { segmentErrors } from "../segments/segments.errors";
import { sourceErrors } from "../sources/sources.errors";

export interface ErrorEntry {
  status: number;
  message: string;
}

/** A feature's expected failures, by code: each gets its HTTP status and message. */
export type ErrorMap = Record<string, ErrorEntry>;

const commonErrors = {
  not_found: { status: 404, message: "Not found." },
  forbidden: { status: 403, message: "This action is unauthorized." },
  rate_limited: { status: 429, message: "Too many attempts. Please try again later." },
  invalid_sort: { status: 422, message: "This list cannot be sorted that way." },
} as const satisfies ErrorMap;

const accountErrors = {
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

/** Every feature's map; a code is defined in one only (errors.test.ts). */
export const errorMaps = [
  commonErrors,
  accountErrors,
  attributeErrors,
  billingErrors,
  contactErrors,
  gatewayErrors,
  importApiErrors,
  importErrors,
  leadErrors,
  listErrors,
  lookupErrors,
  segmentErrors,
  sourceErrors,
] as const;

/** All of them, merged: a code thrown that no map defines is a type error, and so is an entry without its message. */
export const appErrors = {
  ...commonErrors,
  ...accountErrors,
  ...attributeErrors,
  ...billingErrors,
  ...contactErrors,
  ...gatewayErrors,
  ...importApiErrors,
  ...importErrors,
  ...leadErrors,
  ...listErrors,
  ...lookupErrors,
  ...segmentErrors,
  ...sourceErrors,
} as const satisfies ErrorMap;

export type AppErrorCode = keyof typeof appErrors;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: AppErrorCode,
    message?: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? appErrors[code].message);
    this.status = appErrors[code].status;
  }
}

/** A 422 that points at one field, like the request validator's own errors. */
export function fieldError(code: AppErrorCode, field: string): AppError {
  return new AppError(code, undefined, { [field]: [appErrors[code].message] });
}
