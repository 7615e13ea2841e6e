/** Expected failures, by code. One map gives each its HTTP status and message; a missing entry is a type error. */
export const appErrors = {
  unauthenticated: { status: 401, message: "Unauthenticated." },
  token_expired: { status: 401, message: "Your session has expired. Please sign in again." },
  invalid_credentials: { status: 401, message: "Incorrect password or user not found." },
  account_not_approved: { status: 403, message: "Account has not yet been approved" },
  account_blocked: { status: 403, message: "Your account has been blocked. Please contact your team administrator." },
  forbidden: { status: 403, message: "This action is unauthorized." },
  not_found: { status: 404, message: "Not found." },
  source_not_found: { status: 404, message: "Source not found." },
  list_not_found: { status: 404, message: "List not found." },
  user_not_found: { status: 404, message: "User not found." },
  import_not_found: { status: 404, message: "Import not found." },
  import_list_not_found: { status: 404, message: "Import API key not found." },
  import_list_target_mismatch: { status: 422, message: "The selected list does not belong to the selected source." },
  api_key_invalid: { status: 401, message: "The API key is missing or not valid." },
  api_target_inactive: { status: 403, message: "The source or list of this API key is inactive." },
  api_request_failed: { status: 402, message: "The request failed: the list of this API key no longer exists." },
  idempotency_key_reused: { status: 409, message: "This Idempotency-Key was already used with a different request." },
  api_no_lead_saved: { status: 422, message: "No lead could be saved." },
  lead_attribute_not_found: { status: 404, message: "Lead attribute not found." },
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
  system_attribute_locked: { status: 422, message: "The phone and email attributes cannot be edited or removed." },
  attribute_name_taken: { status: 422, message: "An attribute with this name already exists." },
  import_file_missing: { status: 422, message: "Choose a file to import." },
  import_file_type: { status: 422, message: "Only .csv, .tsv, .xlsx and .xml files can be imported." },
  import_file_invalid: { status: 422, message: "The file cannot be imported." },
  import_file_too_large: { status: 413, message: "The file is too large to import." },
  import_upload_quota: { status: 413, message: "Your team's unstarted uploads are at their quota. Start or remove an upload first." },
  import_mapping_no_contact: { status: 422, message: "Map at least one column to Phone or Email." },
  import_already_started: { status: 422, message: "This import has already started; its mapping can no longer change." },
  import_not_mapped: { status: 422, message: "Map the file's columns before starting the import." },
  import_not_finished: { status: 422, message: "The import has not finished yet." },
  invalid_phone_template: { status: 422, message: "An Ignore Phone Format entry is not valid." },
  email_taken: { status: 422, message: "The email has already been taken." },
  wrong_current_password: { status: 422, message: "The old password is incorrect." },
  reset_token_invalid: { status: 422, message: "This password reset link is invalid or has expired." },
  reset_code_invalid: { status: 422, message: "The confirmation code is incorrect." },
  reset_code_required: { status: 422, message: "Enter the confirmation code from the email first." },
  reset_code_attempts: { status: 422, message: "Too many wrong codes. Please request a new one." },
  reset_email_mismatch: { status: 422, message: "The email does not match this password reset." },
  cannot_block_self: { status: 422, message: "You cannot block yourself." },
  last_admin: { status: 422, message: "A team needs at least one active admin." },
  segment_not_found: { status: 404, message: "Segment not found." },
  segment_filters_invalid: { status: 422, message: "Some filters are not valid." },
  segment_nesting: { status: 422, message: "A segment can only be created inside an audience." },
  export_not_found: { status: 404, message: "Export file not found." },
  export_not_ready: { status: 409, message: "The export file is not ready yet." },
  gateway_not_found: { status: 404, message: "Integration not found." },
  gateway_locked: { status: 403, message: "Default integrations cannot be edited or deleted." },
  lookup_not_found: { status: 404, message: "Lookup not found." },
  lookup_gateway_invalid: { status: 422, message: "Select an active gateway of this lookup's kind." },
  lookup_locked: { status: 422, message: "A finished lookup cannot be changed." },
  lookup_nothing: { status: 422, message: "There are no leads to look up in the selection." },
  insufficient_funds: { status: 402, message: "Insufficient funds to continue paid lookup!" },
  rate_limited: { status: 429, message: "Too many attempts. Please try again later." },
} as const satisfies Record<string, { status: number; message: string }>;

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
