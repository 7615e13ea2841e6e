import type { CarrierGroupList } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { type DbOrTx, rows } from "../shared/rows";

/** A carrier group as the engine matches it: `patterns` are lower-case substrings of carrier names. */
export interface CarrierGroupRule {
  id: number;
  name: string;
  patterns: string[];
  is_other: boolean;
}

/** The platform's carrier groups (seeded by migration 0007), in their display order. */
export function carrierGroupRules(db: DbOrTx): Promise<CarrierGroupRule[]> {
  return rows<CarrierGroupRule>(db, sql`SELECT id, name, patterns, is_other FROM carrier_groups ORDER BY sort_order, id`);
}

/** GET /api/carrier-groups answers `data.data`, as the web client reads it. */
export async function listCarrierGroups(db: DbOrTx): Promise<CarrierGroupList> {
  const groups = await carrierGroupRules(db);
  return { data: { data: groups.map(({ id, name }) => ({ id, name })) } };
}

/**
 * The group a carrier name (as lookups record it, e.g. "T-Mobile USA, Inc.") belongs to: the first group, in
 * order, one of whose patterns the lower-cased name contains; else the `is_other` group. No name (never looked
 * up) is Other too. Null only when there is no Other group at all.
 */
export function carrierGroupFor<G extends CarrierGroupRule>(carrierName: string | null | undefined, groups: readonly G[]): G | null {
  const name = carrierName?.trim().toLowerCase();
  if (name) {
    const named = groups.find((g) => !g.is_other && g.patterns.some((p) => p.trim() !== "" && name.includes(p.trim().toLowerCase())));
    if (named) return named;
  }
  return groups.find((g) => g.is_other) ?? null;
}
