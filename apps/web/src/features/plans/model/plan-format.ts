import type { PlanLimitKind, TeamPlan } from "@leadflow/contracts";

const uah = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** 3999 → "₴3,999" (plans are priced monthly in UAH). */
export function formatUah(amount: number): string {
  return `₴${uah.format(amount)}`;
}

/** From this share of a limit on, its bar turns to the warning colour. */
export const NEAR_LIMIT = 0.9;

export interface LimitUsage {
  kind: PlanLimitKind;
  used: number;
  /** null: unlimited. */
  limit: number | null;
  /** 0–100 of the bar; 0 when unlimited. */
  percent: number;
  near: boolean;
}

/** One bar per limited kind, in the card's order. */
export const USAGE_KINDS = ["leads", "audiences", "sources", "lists"] as const satisfies readonly PlanLimitKind[];

export function limitUsage(plan: TeamPlan, kind: PlanLimitKind): LimitUsage {
  const used = plan.usage[kind];
  const limit = plan.plan.limits[kind];
  if (limit === null) return { kind, used, limit, percent: 0, near: false };
  // A limit of 0 is full from the start; a team moved to a smaller plan may hold more than it allows.
  const share = limit > 0 ? used / limit : 1;
  return { kind, used, limit, percent: Math.min(100, share * 100), near: share >= NEAR_LIMIT };
}
