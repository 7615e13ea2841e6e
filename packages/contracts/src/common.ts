import { z } from "zod";

/** Sort/order arrive as `key,direction` (or `key` with a separate direction); no key means the list's default, an unknown key is a 422. */
export const SortDirection = z.enum(["asc", "desc"]);
export type SortDirection = z.infer<typeof SortDirection>;

/**
 * A string whose absence reads like an empty value: a missing `name` answers "Username is required", not
 * "expected string, received undefined".
 */
export function requiredString(message: string) {
  return text({ error: (issue) => (issue.input === undefined || issue.input === null ? message : undefined) });
}

/** PostgreSQL text cannot hold a NUL character: refuse it here with a field error, not later as a failed query. */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((s) => !s.includes("\u0000"), "The text contains a character that is not allowed.");
}

export const PageSizes = [15, 50, 100] as const;

export const ListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(1000, "The limit may not be greater than 1000.").default(50),
  search: text().trim().max(200).optional(),
  sort: text().max(80).optional(),
  order: text().max(80).optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;

export const PageMeta = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof PageMeta>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: PageMeta });
}
export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

export const IdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export type IdParam = z.infer<typeof IdParam>;

/** `ids[0]=1&ids[1]=2`, `ids=1,2`, a single `ids=1` and JSON arrays all land here as a list of ids. */
export const IdList = z.preprocess(
  (v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()) : typeof v === "number" ? [v] : v),
  z.array(z.coerce.number().int().positive().max(2_147_483_647)).min(1, "Select at least one item").max(10_000),
);
export const IdsBody = z.object({ ids: IdList });
export type IdsBody = z.infer<typeof IdsBody>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** What an all-or-nothing batch delete answers. */
export const DeletedResponse = z.object({ deleted: z.number().int() });
export type DeletedResponse = z.infer<typeof DeletedResponse>;

export const ValidationErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

export const Timestamp = z.string();
