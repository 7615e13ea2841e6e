import type { ErrorMap } from "../shared/error-map";

export const lookupErrors = {
  lookup_not_found: { status: 404, message: "Lookup not found." },
  lookup_gateway_invalid: { status: 422, message: "Select an active gateway of this lookup's kind." },
  lookup_locked: { status: 422, message: "A finished lookup cannot be changed." },
  lookup_nothing: { status: 422, message: "There are no leads to look up in the selection." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    lookups: typeof lookupErrors;
  }
}
