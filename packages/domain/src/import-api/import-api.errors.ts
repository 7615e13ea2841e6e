import type { ErrorMap } from "../shared/error-map";

export const importApiErrors = {
  import_list_not_found: { status: 404, message: "Import API key not found." },
  import_list_target_mismatch: { status: 422, message: "The selected list does not belong to the selected source." },
  api_key_invalid: { status: 401, message: "The API key is missing or not valid." },
  api_target_inactive: { status: 403, message: "The source or list of this API key is inactive." },
  api_request_failed: { status: 402, message: "The request failed: the list of this API key no longer exists." },
  idempotency_key_reused: { status: 409, message: "This Idempotency-Key was already used with a different request." },
  api_no_lead_saved: { status: 422, message: "No lead could be saved." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    "import-api": typeof importApiErrors;
  }
}
