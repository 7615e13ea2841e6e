/*
 * The shape of a feature's error map, apart from the merge in errors.ts: each feature's map depends on this alone,
 * so the merge can import every feature's map without a loop.
 */

export interface ErrorEntry {
  status: number;
  message: string;
}

/** A feature's expected failures, by code: each gets its HTTP status and message. */
export type ErrorMap = Record<string, ErrorEntry>;
