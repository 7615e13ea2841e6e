import type { DbOrTx } from "../shared/rows";
import { countArrivals } from "../sources";

export interface MergeTarget {
  teamId: number;
  listId: number;
  sourceId: number;
  importId: number;
  filename: string;
  batch: number;
  /** Where the batch's consent records say they came from: a file import (the default), the public import API, a sign-up form. */
  origin?: "import" | "api" | "form";
}

/** What a batch brings into its list and source, for their counters. */
export type Brought = Record<
  "new_leads" | "old_members" | "old_src_members" | `${"l" | "s"}_${"contacts" | "looked" | "verified" | "flagged" | "blacklisted"}`,
  number
>;

export const noneBrought: Brought = {
  new_leads: 0,
  old_members: 0,
  old_src_members: 0,
  l_contacts: 0,
  l_looked: 0,
  l_verified: 0,
  s_contacts: 0,
  s_looked: 0,
  s_verified: 0,
  l_flagged: 0,
  l_blacklisted: 0,
  s_flagged: 0,
  s_blacklisted: 0,
};

/** The import's list and source: totals, today counters, flagged/blacklisted and contact counts. */
export async function updateTargetCounters(tx: DbOrTx, t: MergeTarget, b: Brought, addedContacts: number): Promise<void> {
  const list = {
    joined: b.new_leads + b.old_members,
    created: b.new_leads,
    flagged: b.l_flagged,
    blacklisted: b.l_blacklisted,
    contacts: addedContacts + b.l_contacts,
    looked: b.l_looked,
    verified: b.l_verified,
  };
  const source = {
    joined: b.new_leads + b.old_src_members,
    created: b.new_leads,
    flagged: b.s_flagged,
    blacklisted: b.s_blacklisted,
    contacts: addedContacts + b.s_contacts,
    looked: b.s_looked,
    verified: b.s_verified,
  };
  if (!(await countArrivals(tx, t.teamId, t, list, source))) throw new TargetGoneError();
}

/** The import's list (or source) was deleted while it ran. */
export class TargetGoneError extends Error {
  constructor() {
    super("The list this file was being imported into was deleted.");
  }
}
