import { ApiError } from "../../lib/api-client";
import { errorMessage } from "../../lib/errors";

/**
 * Where a 422's errors show: the server's field key → the form's field path, or null for a key the form shows no
 * field for. A list names the keys that are form fields as they are.
 */
export type ServerFieldMap = readonly string[] | Readonly<Record<string, string>> | ((serverKey: string) => string | null);

export interface PlacedErrors {
  /** The first message per form field. */
  fields: Record<string, string>;
  /** Messages of keys no field shows. */
  rest: string[];
}

function fieldFor(map: ServerFieldMap, key: string): string | null {
  if (typeof map === "function") return map(key);
  if (Array.isArray(map)) return map.includes(key) ? key : null;
  return (map as Record<string, string>)[key] ?? null;
}

export function placeServerErrors(errors: Record<string, string[]> | undefined, map: ServerFieldMap): PlacedErrors {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const message = messages[0];
    if (!message) continue;
    const field = fieldFor(map, key);
    if (field) fields[field] ??= message;
    else rest.push(message);
  }
  return { fields, rest };
}

/**
 * A failed save: field messages go under their fields; the alert says what no field shows, or the failure itself
 * when nothing went under a field. An alert that would repeat a field's message stays empty.
 */
export function describeFailure(e: unknown, map: ServerFieldMap): { fields: Record<string, string>; alert: string | null } {
  const { fields, rest } = placeServerErrors(e instanceof ApiError ? e.errors : undefined, map);
  const placed = Object.keys(fields).length > 0;
  return { fields, alert: rest.length > 0 ? rest.join(" ") : placed ? null : errorMessage(e) };
}
