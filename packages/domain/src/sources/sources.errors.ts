import type { ErrorMap } from "../shared/error-map";

export const sourceErrors = {
  source_not_found: { status: 404, message: "Source not found." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    sources: typeof sourceErrors;
  }
}
