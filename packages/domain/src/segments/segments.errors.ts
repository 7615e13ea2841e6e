import type { ErrorMap } from "../shared/error-map";

export const segmentErrors = {
  segment_not_found: { status: 404, message: "Segment not found." },
  segment_filters_invalid: { status: 422, message: "Some filters are not valid." },
  segment_nesting: { status: 422, message: "A segment can only be created inside an audience." },
  export_not_found: { status: 404, message: "Export file not found." },
  export_not_ready: { status: 409, message: "The export file is not ready yet." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    segments: typeof segmentErrors;
  }
}
