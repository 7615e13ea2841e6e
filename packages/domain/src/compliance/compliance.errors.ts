import type { ErrorMap } from "../shared/error-map";

export const complianceErrors = {
  compliance_file_not_found: { status: 404, message: "Compliance file not found." },
  compliance_file_not_ready: { status: 409, message: "The compliance file is not ready yet." },
  compliance_file_too_many: { status: 422, message: "A compliance file holds at most 1,000 leads: choose fewer." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    compliance: typeof complianceErrors;
  }
}
