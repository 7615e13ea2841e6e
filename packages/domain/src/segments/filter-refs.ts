import type { FilterGroup, SegmentFilter, SegmentFilters } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { type DbOrTx, intArray, rows } from "../shared/rows";
import { UNKNOWN_ATTRIBUTE } from "./filter-attributes";
import type { CompileContext } from "./filter-sql";
import { type AttributeKind, asIds } from "./filter-values";

/** What compileFilters needs to know about a team: its attributes and their types. */
export async function loadCompileContext(db: DbOrTx, teamId: number): Promise<CompileContext> {
  const found = await rows<{ id: number; type: AttributeKind }>(db, sql`SELECT id, type FROM lead_attributes WHERE team_id = ${teamId}`);
  return { teamId, attributes: new Map(found.map((a) => [a.id, a.type])) };
}

/** A row's ids that can name a row; malformed ones are compileFilters' problem. */
const idsOf = (f: SegmentFilter) => asIds(f).filter((n) => !Number.isNaN(n));

const unknownIds = (what: string, ids: number[]) =>
  ids.length === 1 ? `Unknown ${what} (id ${ids[0]}).` : `Unknown ${what}s (ids ${ids.join(", ")}).`;

/** The team's ids among `ids` in one of its tables. */
async function existing(
  db: DbOrTx,
  teamId: number,
  table: "sources" | "lists" | "lead_attributes" | "campaigns",
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  // A deleted campaign is only hidden (its messages stay): a tree may not name it any more.
  const live = table === "campaigns" ? sql` AND deleted_at IS NULL` : sql``;
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM ${sql.identifier(table)} WHERE team_id = ${teamId} AND id = ANY(${intArray(ids)})${live}`,
  );
  return new Set(found.map((r) => r.id));
}

/**
 * The ids a tree names that the team does not have, keyed `group.index.values` (`attributes.index.attribute_id`
 * for attributes): sources, lists, attributes and campaigns of other teams or deleted (an empty campaign list means
 * any campaign, and is fine).
 */
export async function checkFilterRefs(db: DbOrTx, teamId: number, tree: SegmentFilters): Promise<Record<string, string[]>> {
  const rowsOf = (group: FilterGroup, field?: string) =>
    tree[group].flatMap((f, i) => (field === undefined || f.field === field ? [{ f, key: `${group}.${i}` }] : []));
  const sourceRows = rowsOf("data", "source");
  const listRows = rowsOf("data", "list");
  const attributeRows = rowsOf("attributes").filter(({ f }) => f.attribute_id !== undefined);
  // One at a time: the caller's db may be a transaction, which runs one statement at a time anyway.
  const sources = await existing(
    db,
    teamId,
    "sources",
    sourceRows.flatMap(({ f }) => idsOf(f)),
  );
  const lists = await existing(
    db,
    teamId,
    "lists",
    listRows.flatMap(({ f }) => idsOf(f)),
  );
  const attributes = await existing(
    db,
    teamId,
    "lead_attributes",
    attributeRows.map(({ f }) => f.attribute_id!),
  );
  const campaignRows = rowsOf("campaigns");
  const campaigns = await existing(
    db,
    teamId,
    "campaigns",
    campaignRows.flatMap(({ f }) => idsOf(f)),
  );
  const problems: Record<string, string[]> = {};
  const check = (refs: { f: SegmentFilter; key: string }[], what: string, known: Set<number>) => {
    for (const { f, key } of refs) {
      const missing = [...new Set(idsOf(f).filter((id) => !known.has(id)))];
      if (missing.length > 0) problems[`${key}.values`] = [unknownIds(what, missing)];
    }
  };
  check(sourceRows, "source", sources);
  check(listRows, "list", lists);
  check(campaignRows, "campaign", campaigns);
  for (const { f, key } of attributeRows) if (!attributes.has(f.attribute_id!)) problems[`${key}.attribute_id`] = [UNKNOWN_ATTRIBUTE];
  return problems;
}
