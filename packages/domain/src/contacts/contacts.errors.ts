import type { ErrorMap } from "../shared/error-map";

export const contactErrors = {
  invalid_phone_template: { status: 422, message: "An Ignore Phone Format entry is not valid." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    contacts: typeof contactErrors;
  }
}
