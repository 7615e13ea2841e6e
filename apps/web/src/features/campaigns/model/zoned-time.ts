/**
 * The schedule is typed as a wall-clock time in the campaign's time zone (a datetime-local value) and stored as an
 * instant. Intl gives a zone's offset at an instant; the wall time is resolved with one correction, which is right
 * everywhere except inside a DST gap (where it lands an hour off, as most schedulers do).
 */
function offsetMs(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** "2026-03-01T09:30" in `zone` → ISO instant; null when empty or unreadable. */
export function zonedToIso(local: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  const first = wall - offsetMs(wall, zone);
  const instant = wall - offsetMs(first, zone);
  return new Date(instant).toISOString();
}

/** ISO instant → "2026-03-01T09:30" as the wall clock in `zone` reads it; "" when none. */
export function isoToZoned(iso: string | null | undefined, zone: string): string {
  if (!iso) return "";
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return "";
  const d = new Date(t + offsetMs(t, zone));
  return d.toISOString().slice(0, 16);
}

/** The browser's zone (the default), UTC if it cannot tell. */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** The zones the picker offers; the current value is kept even when the runtime does not list it. */
export function zoneList(current: string): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  const all = intl.supportedValuesOf?.("timeZone") ?? ["UTC"];
  return all.includes(current) ? all : [current, ...all];
}
