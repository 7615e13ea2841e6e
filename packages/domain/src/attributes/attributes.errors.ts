import type { ErrorMap } from "../shared/error-map";

export const attributeErrors = {
  lead_attribute_not_found: { status: 404, message: "Lead attribute not found." },
  system_attribute_locked: { status: 422, message: "The phone and email attributes cannot be edited or removed." },
  attribute_name_taken: { status: 422, message: "An attribute with this name already exists." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    attributes: typeof attributeErrors;
  }
}
