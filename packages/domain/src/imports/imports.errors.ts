import type { ErrorMap } from "../shared/error-map";

export const importErrors = {
  import_not_found: { status: 404, message: "Import not found." },
  import_file_missing: { status: 422, message: "Choose a file to import." },
  import_file_type: { status: 422, message: "Only .csv, .tsv, .xlsx and .xml files can be imported." },
  import_file_invalid: { status: 422, message: "The file cannot be imported." },
  import_file_too_large: { status: 413, message: "The file is too large to import." },
  import_upload_quota: { status: 413, message: "Your team's unstarted uploads are at their quota. Start or remove an upload first." },
  import_mapping_no_contact: { status: 422, message: "Map at least one column to Phone or Email." },
  import_mapping_both: { status: 422, message: "A column maps to an attribute or to a consent value, not both." },
  import_already_started: { status: 422, message: "This import has already started; its mapping can no longer change." },
  import_not_mapped: { status: 422, message: "Map the file's columns before starting the import." },
  import_not_finished: { status: 422, message: "The import has not finished yet." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    imports: typeof importErrors;
  }
}
