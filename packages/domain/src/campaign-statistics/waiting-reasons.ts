import { CampaignChannel, CampaignFrequencyPeriods, type WaitingReason, WaitingReasonKinds } from "@leadflow/contracts";
import type { CampaignRecord } from "../campaigns";
import { INSUFFICIENT_FUNDS_FOR_SENDING, windowRuleAt } from "../sending";

/*
 * Why a group of planned messages waits, from what the ledger row says (its reason, its place, its due time) and the
 * campaign's state — resolved per group in code, as the groups are few whatever the campaign's size. A future due
 * time is explained by the rule that was closed just before it: the law's hours or the daily window opening then;
 * none (the window was open) means a later step's delay.
 */

/** One group of the campaign's planned rows (campaign-waiting.ts reads them). */
export interface WaitingGroup {
  reason: string | null;
  time_zone: string | null;
  us_state: string | null;
  country: string | null;
  /** Due now (a dispatcher may take them) rather than later. */
  due: boolean;
  n: number;
  /** The group's earliest due time, ISO. */
  next: string;
}

type Explained = Omit<WaitingReason, "count" | "next_send_at">;

const Fixed = {
  delay: { kind: "delay", label: "Step delay", description: "A later step: each waits for its delay after the step before." },
  sending: { kind: "sending", label: "Sending", description: "Due now: going out at the gateway's send rate." },
  paused: { kind: "paused", label: "Paused", description: "The campaign is paused: its messages go when it is set Active again." },
  funds: {
    kind: "funds",
    label: "Insufficient funds",
    description: "The campaign paused for insufficient funds: add money to the balance, then set it Active again.",
  },
} as const satisfies Record<string, Explained>;

function unverified(c: CampaignRecord): Explained {
  const check = CampaignChannel[c.type] === "email" ? "email check" : "phone lookup";
  return {
    kind: "unverified",
    label: "Lookup pending",
    description: `Only verified leads: each waits for its ${check}, looked at again every two minutes.`,
  };
}

function dailyLimit(c: CampaignRecord): Explained {
  const limit = c.daily_limit ? ` of ${c.daily_limit.toLocaleString("en-US")}` : "";
  return {
    kind: "daily_limit",
    label: "Daily limit",
    description: `The campaign's daily limit${limit} was reached: the rest wait for its next day (${c.started_at_tz}).`,
  };
}

function frequency(c: CampaignRecord): Explained {
  const period = CampaignFrequencyPeriods[c.frequency_period as keyof typeof CampaignFrequencyPeriods]?.toLowerCase() ?? "period";
  return {
    kind: "frequency",
    label: "Frequency",
    description: `Due now, sent at the campaign's frequency: ${c.frequency_count?.toLocaleString("en-US")} per ${period}.`,
  };
}

/** What holds one group, and when its first message may go (null: only a person's Active lets it go). */
export function explainGroup(g: WaitingGroup, c: CampaignRecord, now: number): Explained & { next: string | null } {
  const next = g.due ? new Date(now).toISOString() : g.next;
  if (c.status === "paused") return { ...(c.status_reason === INSUFFICIENT_FUNDS_FOR_SENDING ? Fixed.funds : Fixed.paused), next: null };
  if (g.reason === "unverified") return { ...unverified(c), next };
  if (g.reason === "daily_limit" && !g.due) return { ...dailyLimit(c), next };
  if (g.due) return { ...(c.frequency_count ? frequency(c) : Fixed.sending), next };
  const recipient = { timeZone: g.time_zone, state: g.us_state, country: g.country };
  const rule = windowRuleAt(Date.parse(g.next) - 1, recipient, c, CampaignChannel[c.type]);
  return rule ? { kind: rule.kind, label: rule.short, description: rule.description, next } : { ...Fixed.delay, next };
}

const order = (kind: WaitingReason["kind"]) => WaitingReasonKinds.indexOf(kind);

/** The groups as reasons: one per rule in words (forty states under the federal hours are one line), most first. */
export function waitingReasons(groups: readonly WaitingGroup[], c: CampaignRecord, now: number): WaitingReason[] {
  const merged = new Map<string, WaitingReason>();
  for (const g of groups) {
    const e = explainGroup(g, c, now);
    const key = `${e.kind}|${e.description}`;
    const found = merged.get(key);
    if (!found) merged.set(key, { kind: e.kind, label: e.label, description: e.description, count: g.n, next_send_at: e.next });
    else {
      found.count += g.n;
      if (e.next !== null && (found.next_send_at === null || e.next < found.next_send_at)) found.next_send_at = e.next;
    }
  }
  return [...merged.values()].sort((a, b) => b.count - a.count || order(a.kind) - order(b.kind));
}
