import type { DirtyExpectation } from "../lead-files/dirty-file";
import { expectCounts, type ImportTarget, readCounts } from "./file-import";
import { storedValues } from "./stored-values";

/**
 * Every bad row reported with its reason: the import's counters equal the generator's figures, and the failed
 * rows history holds exactly the expected lines with the expected reasons (and messages naming the problem).
 * Names in other scripts must be stored as written, which proves the encoding was read right. Throws on any
 * difference.
 */
export async function checkDirtyImport(what: string, target: ImportTarget, importId: number, want: DirtyExpectation): Promise<void> {
  const { database, ctx } = target;
  const got = await readCounts(database, ctx.teamId, importId);
  expectCounts(what, got, {
    processed: want.processed,
    unique: want.unique,
    duplicates: want.duplicates,
    failed: want.failed,
    skipped: want.skipped,
    invalidPhones: want.invalidPhones,
    encoding: want.charset,
  });
  const { rows } = await database.query<{ line: number; status: string; reason: string; message: string | null }>(
    "SELECT line, status, reason, message FROM import_failures WHERE team_id = $1 AND import_id = $2 ORDER BY line",
    [ctx.teamId, importId],
  );
  const problems: string[] = [];
  const byLine = new Map(rows.map((r) => [r.line, r]));
  for (const f of want.failures) {
    const r = byLine.get(f.line);
    byLine.delete(f.line);
    if (!r) problems.push(`line ${f.line}: expected ${f.reason}, not reported`);
    else if (r.status !== "failed" || r.reason !== f.reason)
      problems.push(`line ${f.line}: expected failed/${f.reason}, got ${r.status}/${r.reason}`);
    else if (f.hint && !r.message?.toLowerCase().includes(f.hint))
      problems.push(`line ${f.line}: message "${r.message}" does not mention "${f.hint}"`);
  }
  for (const r of byLine.values()) problems.push(`line ${r.line}: reported ${r.status}/${r.reason} (${r.message}), expected to import`);
  const found = await storedValues(database, ctx.teamId, want.names);
  const missing = want.names.filter((n) => !found.has(n));
  if (missing.length) problems.push(`names not stored as written (encoding): ${missing.join(", ")}`);
  if (problems.length) {
    throw new Error(`${what}: ${problems.length} problem(s):\n  ${problems.slice(0, 20).join("\n  ")}`);
  }
}
