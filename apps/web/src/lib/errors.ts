import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-client";
import { t } from "./i18n";

/** A message fit for an alert or a toast, whatever was thrown. */
export function errorMessage(e: unknown, fallback?: string): string {
  if (e instanceof ApiError) {
    if (e.status === 429 && e.retryAfter) return `${e.message} ${t("errors.retryAfter", { seconds: e.retryAfter })}`;
    return e.message || fallback || t("errors.generic");
  }
  if (e instanceof Error && e.message) return e.message;
  return fallback ?? t("errors.generic");
}

/**
 * Puts a 422's `errors` on the matching form fields. Returns true when at least one field took a message,
 * so the caller can skip a duplicate alert.
 */
export function applyFieldErrors<T extends FieldValues>(e: unknown, setError: UseFormSetError<T>, fields?: readonly string[]): boolean {
  if (!(e instanceof ApiError) || !e.errors) return false;
  let applied = false;
  for (const [field, messages] of Object.entries(e.errors)) {
    if (fields && !fields.includes(field)) continue;
    const message = messages[0];
    if (!message) continue;
    setError(field as Path<T>, { type: "server", message });
    applied = true;
  }
  return applied;
}
