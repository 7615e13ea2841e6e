import type { ErrorMap } from "../shared/error-map";

export const providerEventErrors = {
  callback_invalid: { status: 403, message: "The callback could not be verified." },
  callback_not_taken: { status: 404, message: "This integration takes no callbacks." },
  sandbox_inbound_invalid: { status: 422, message: "The simulated reply is not valid." },
  sandbox_inbound_unavailable: { status: 422, message: "Replies can only be simulated on your own Sandbox SMS integrations." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    "provider-events": typeof providerEventErrors;
  }
}
