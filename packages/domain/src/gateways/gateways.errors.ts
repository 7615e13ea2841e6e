import type { ErrorMap } from "../shared/error-map";

export const gatewayErrors = {
  gateway_not_found: { status: 404, message: "Integration not found." },
  gateway_locked: { status: 403, message: "Default integrations cannot be edited or deleted." },
  gateway_not_email: { status: 422, message: "This integration is not an email gateway." },
  gateway_in_use: { status: 422, message: "This integration is used by campaign routes or pools." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    gateways: typeof gatewayErrors;
  }
}
