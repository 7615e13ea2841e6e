import type { LeadAttribute } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { ensureSystemAttributes } from "../attributes";
import { type DbOrTx, iso, rows } from "../shared/rows";

/**
 * The columns: every attribute of the team on the leads page; on a list page Phone, Email, the attributes its
 * file imports mapped, and any other attribute a lead of this page holds (the public import API names attributes
 * per request, so its lists have no mapping to read). Phone and Email first, then by sort order.
 */
export async function tableColumns(
  db: DbOrTx,
  teamId: number,
  listId: number | undefined,
  page: { attrs: Record<string, string[]> }[],
): Promise<LeadAttribute[]> {
  let all = await rows<LeadAttribute>(
    db,
    sql`SELECT id, name, slug, type, sort_order, is_system, created_at, updated_at FROM lead_attributes WHERE team_id = ${teamId}
        ORDER BY sort_order, id`,
  );
  if (all.filter((a) => a.is_system).length < 2) {
    await ensureSystemAttributes(db, teamId);
    return tableColumns(db, teamId, listId, page);
  }
  all = all.map((a) => ({ ...a, created_at: iso(a.created_at)!, updated_at: iso(a.updated_at)! }));
  const rank = (a: LeadAttribute) => (a.is_system ? (a.type === "phone" ? 0 : 1) : 2);
  const ordered = all.map((a, i) => ({ a, i })).sort((x, y) => rank(x.a) - rank(y.a) || x.i - y.i);
  if (listId === undefined) return ordered.map((x) => x.a);
  const mapped = await rows<{ id: number }>(
    db,
    sql`SELECT DISTINCT ia.lead_attribute_id AS id
        FROM imports i JOIN import_attributes ia ON ia.team_id = i.team_id AND ia.import_id = i.id
        WHERE i.team_id = ${teamId} AND i.list_id = ${listId} AND ia.lead_attribute_id IS NOT NULL`,
  );
  const shown = new Set<number>(mapped.map((m) => m.id));
  for (const r of page) for (const k of Object.keys(r.attrs)) shown.add(Number(k));
  return ordered.filter((x) => x.a.is_system || shown.has(x.a.id)).map((x) => x.a);
}
