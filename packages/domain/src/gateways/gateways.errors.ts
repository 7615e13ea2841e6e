import type { ErrorMap } from "../shared/error-map";

export const gatewayErrors = {
  gateway_not_found: { status: 404, message: "Integration not found." },
  gateway_locked: { status: 403, message: "Default integrations cannot be edited or deleted." },
} as const satisfies ErrorMap;
