import type { ErrorMap } from "../shared/error-map";

export const listErrors = {
  list_not_found: { status: 404, message: "List not found." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    lists: typeof listErrors;
  }
}
