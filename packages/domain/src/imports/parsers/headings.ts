/**
 * Column names as people will see them in the mapping: trimmed; blank ones named by position ("Column 3");
 * trailing blank ones dropped (spreadsheets export them); repeats made unique case-insensitively, because
 * attributes match by name without case ("Phone", "phone (2)", "Phone (3)").
 */
export function uniqueHeadings(raw: readonly string[]): string[] {
  const trimmed = raw.map((h) => h.replace(/[\uFEFF\u200B]/g, "").trim());
  let end = trimmed.length;
  while (end > 0 && trimmed[end - 1] === "") end--;
  const taken = new Set<string>();
  for (const h of trimmed.slice(0, end)) if (h !== "") taken.add(h.toLowerCase());
  const seen = new Set<string>();
  const out: string[] = [];
  for (let i = 0; i < end; i++) {
    const base = trimmed[i] || `Column ${i + 1}`;
    let name = base;
    for (let n = 2; seen.has(name.toLowerCase()) || (name !== base && taken.has(name.toLowerCase())); n++) {
      name = `${base} (${n})`;
    }
    seen.add(name.toLowerCase());
    out.push(name);
  }
  return out;
}

/** The name a repeat of `base` gets within one record (XML): "phone", "phone (2)", … */
export function nthName(base: string, n: number): string {
  return n === 1 ? base : `${base} (${n})`;
}
