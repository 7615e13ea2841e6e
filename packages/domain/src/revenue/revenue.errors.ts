import type { ErrorMap } from "../shared/error-map";

export const revenueErrors = {
  revenue_tracking_not_found: { status: 404, message: "Revenue tracking not found." },
  postback_tracking_not_found: {
    status: 404,
    message: "No revenue tracking has this postback URL: it was deleted, or the URL was copied wrong.",
  },
  postback_signature_invalid: {
    status: 403,
    message: "The postback's signature is missing or does not match: sign click_id and amount with the tracking's secret (sig).",
  },
  postback_invalid: { status: 422, message: "The postback is invalid." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    revenue: typeof revenueErrors;
  }
}
