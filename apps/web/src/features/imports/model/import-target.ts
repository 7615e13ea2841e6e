/** A source or a list in the Import File dialog: an existing record (id) or a name to create on Continue (id null). */
export interface Choice {
  id: number | null;
  name: string;
}

export const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** The file types an import accepts (docs/product/accounts-sources-leads.md). */
export const ACCEPTED_EXTENSIONS = [".csv", ".tsv", ".xlsx", ".xml"] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(",");

export function isAcceptedFile(name: string): boolean {
  const lower = name.toLowerCase();
  return ACCEPTED_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** What stops the drop zone: first the source, then the list ('Please, select a Source first'). */
export type TargetProblem = "noSource" | "noList" | null;

export function targetProblem(source: Choice | null, list: Choice | null): TargetProblem {
  if (!source?.name.trim()) return "noSource";
  if (!list?.name.trim()) return "noList";
  return null;
}

interface Named {
  id: number;
  name: string;
}

/**
 * The options plus the chosen existing record when a search (or the first-100 limit) left it out: an
 * Autocomplete's value must be one of its options.
 */
export function withChosen(options: readonly Named[], chosen: Choice | null): Named[] {
  if (chosen?.id == null || options.some((o) => o.id === chosen.id)) return [...options];
  return [{ id: chosen.id, name: chosen.name }, ...options];
}

/** The lists to offer for the chosen source: an existing source's lists (as last seen); a source still to be created has none. */
export function listOptionsFor(source: Choice | null, listsBySource: ReadonlyMap<number, readonly Named[]>): Named[] {
  if (source?.id == null) return [];
  return [...(listsBySource.get(source.id) ?? [])];
}

/** Human file size for the chosen-file line: 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v >= 10 ? Math.round(v) : Math.round(v * 10) / 10} ${units[i]}`;
}
