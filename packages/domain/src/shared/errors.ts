import type { ErrorEntry, ErrorMap } from "./error-map";

export type { ErrorEntry, ErrorMap } from "./error-map";

export const commonErrors = {
  not_found: { status: 404, message: "Not found." },
  forbidden: { status: 403, message: "This action is unauthorized." },
  rate_limited: { status: 429, message: "Too many attempts. Please try again later." },
  invalid_sort: { status: 422, message: "This list cannot be sorted that way." },
} as const satisfies ErrorMap;

/**
 * Every feature's error map, by feature: each `*.errors.ts` adds its own entry by module augmentation, so this
 * floor names no feature while a code that no map defines is still a type error.
 */
export interface AppErrorMaps {
  common: typeof commonErrors;
}

export type AppErrorCode = { [F in keyof AppErrorMaps]: keyof AppErrorMaps[F] & string }[keyof AppErrorMaps];

const entries = new Map<string, ErrorEntry>(Object.entries(commonErrors));

/**
 * Makes the maps' codes known at run time. The domain's composition (app-errors.ts) registers every feature's map
 * once, when the domain is imported; a code defined twice is refused there.
 */
export function registerErrorMaps(maps: readonly ErrorMap[]): void {
  for (const map of maps) {
    for (const [code, entry] of Object.entries(map)) {
      const known = entries.get(code);
      if (known && known !== entry) throw new Error(`Error code ${code} is defined twice.`);
      entries.set(code, entry);
    }
  }
}

/** The status and message of a code; a code whose map was never registered is a programming error, answered as a 500. */
export function errorEntry(code: AppErrorCode): ErrorEntry {
  return entries.get(code) ?? { status: 500, message: `Unregistered error code ${code}.` };
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: AppErrorCode,
    message?: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** Facts a client may act on, sent beside message and errors (a plan limit's number). */
    readonly detail?: Record<string, string | number | null>,
  ) {
    const entry = errorEntry(code);
    super(message ?? entry.message);
    this.status = entry.status;
  }
}

/** A 422 that points at one field, like the request validator's own errors. */
export function fieldError(code: AppErrorCode, field: string): AppError {
  return new AppError(code, undefined, { [field]: [errorEntry(code).message] });
}
