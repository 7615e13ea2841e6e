import type { ErrorMap } from "../shared/errors";

export const sourceErrors = {
  source_not_found: { status: 404, message: "Source not found." },
} as const satisfies ErrorMap;
