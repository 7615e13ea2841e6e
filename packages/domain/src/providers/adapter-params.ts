/** A gateway field an adapter cannot work without; a clear error names the field as the settings dialog does. */
export function requireParam(params: Record<string, string>, key: string, label: string, provider: string): string {
  const value = params[key]?.trim();
  if (!value) throw new Error(`The ${provider} gateway has no ${label}; add it in Settings → Integrations.`);
  return value;
}

/** An object view of a JSON body, or an empty one, so field reads never throw on odd answers. */
export function asRecord(json: unknown): Record<string, unknown> {
  return json && typeof json === "object" && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
}

export function stringField(o: Record<string, unknown>, key: string): string | null {
  const v = o[key];
  if (typeof v === "string") return v.trim() === "" ? null : v.trim();
  if (typeof v === "number") return String(v);
  return null;
}

/** Providers answer booleans as true/false, "true"/"false", 1/0 or "1"/"0"; null when absent or anything else. */
export function boolField(o: Record<string, unknown>, key: string): boolean | null {
  const v = o[key];
  if (v === true || v === "true" || v === 1 || v === "1") return true;
  if (v === false || v === "false" || v === 0 || v === "0") return false;
  return null;
}
