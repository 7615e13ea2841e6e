import {
  EmailStatuses,
  EmailStatusLabels,
  type LeadLogPage,
  type LeadLogQuery,
  PhoneStatuses,
  PhoneStatusLabels,
} from "@leadflow/contracts";
import type { TeamCtx } from "../shared/context";
import { pageMeta } from "../shared/paging";
import type { DbOrTx } from "../shared/rows";
import { type LeadLogEntry, listLeadLog } from "./lead-log";
import { listMessageLog } from "./lead-message-log";
import { leadRecord } from "./lead-page";

/** The words a status change to Unsubscribed is logged with (a phone's and an email's label). */
const UNSUBSCRIBED = new Set<string>([PhoneStatusLabels[PhoneStatuses.unsubscribed], EmailStatusLabels[EmailStatuses.unsubscribed]]);

const isEvent = (e: LeadLogEntry, name: string) => e.type === name || e.action === name;

/**
 * What the Clicked and Unsubscribed chips keep. A click or an unsubscribe event is an entry of that type or action
 * (campaigns and keywords write them). A lead is also unsubscribed when one of its phones or emails is set to
 * Unsubscribed, by a user on the lead page or by whatever else logs a status change with its labels.
 */
const FILTERS = {
  clicked: (e) => isEvent(e, "click"),
  unsubscribed: (e) =>
    isEvent(e, "unsubscribe") || (e.action === "status" && e.diff.some((d) => d.value_to !== null && UNSUBSCRIBED.has(d.value_to))),
} as const satisfies Record<"clicked" | "unsubscribed", (e: LeadLogEntry) => boolean>;

interface Merged {
  entry: LeadLogPage["data"][number];
  at: number;
  /** 0 the stored log, 1 messages and replies: the order of entries of one moment, with `order` within each. */
  source: number;
  order: number;
  creation: boolean;
}

/** Newest first; the creation entry last (nothing about a lead happens before it exists). */
const newestFirst = (a: Merged, b: Merged) =>
  Number(a.creation) - Number(b.creation) || b.at - a.at || b.source - a.source || b.order - a.order;

/**
 * GET /api/leads/{id}/log: newest first, one page. The stored log (one entry per import batch, edit or campaign event
 * that touched the lead; its creation is not a row, see listLeadLog) is merged with the entries of its campaign
 * messages and replies, read from the ledger and the inbox (lead-message-log.ts). A lead's log is read whole and
 * paged here. The Clicked and Unsubscribed chips keep stored events only, so they skip the messages.
 */
export async function leadLogPage(db: DbOrTx, ctx: TeamCtx, leadId: number, q: LeadLogQuery): Promise<LeadLogPage> {
  await leadRecord(db, ctx.teamId, leadId);
  const wanted = (Object.keys(FILTERS) as (keyof typeof FILTERS)[]).filter((k) => q[k]).map((k) => FILTERS[k]);
  const stored = await listLeadLog(db, ctx.teamId, leadId);
  const kept: Merged[] = (wanted.length ? stored.filter((e) => wanted.some((keep) => keep(e))) : stored).map((e) => ({
    entry: present(e),
    at: Date.parse(e.created_at),
    source: 0,
    order: e.id ?? 0,
    creation: e.id === null,
  }));
  if (!wanted.length) for (const m of await listMessageLog(db, ctx.teamId, leadId)) kept.push({ ...m, source: 1, creation: false });
  kept.sort(newestFirst);
  const start = (q.page - 1) * q.limit;
  return { data: kept.slice(start, start + q.limit).map((m) => m.entry), meta: pageMeta(kept.length, q.page, q.limit) };
}

function present(e: LeadLogEntry): LeadLogPage["data"][number] {
  return {
    id: e.id === null ? `created-${e.import_id ?? 0}` : String(e.id),
    type: e.type,
    action: e.action,
    created_at: e.created_at,
    filename: e.filename,
    diff_log: e.diff.map((d) => ({
      lead_attribute_name: d.lead_attribute_name,
      lead_attribute_value: d.lead_attribute_value,
      action: d.action,
      value_from: d.value_from,
      value_to: d.value_to,
    })),
  };
}
