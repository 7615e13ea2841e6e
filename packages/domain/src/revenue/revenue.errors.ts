import type { ErrorMap } from "../shared/error-map";

export const revenueErrors = {
  revenue_tracking_not_found: { status: 404, message: "Revenue tracking not found." },
} as const satisfies ErrorMap;
