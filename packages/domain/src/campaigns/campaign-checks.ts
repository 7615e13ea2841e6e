import { CampaignChannel, CampaignLockedFields, RuleTypes, type SaveCampaign } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError, type AppErrorCode } from "../shared/errors";
import { type DbOrTx, intArray, one, rows } from "../shared/rows";
import type { CampaignRecord } from "./campaign-rows";

/**
 * Field errors by field. An id that names nothing of the team — another team's, or none at all — is a 404 with the
 * not-found code of its kind, as every foreign id is; one of the team's that does not fit (a rule of another kind, a
 * disabled domain) is a 422. Either way `errors` names each field, and the first field's message leads a 422.
 */
export class CampaignFieldErrors {
  readonly errors: Record<string, string[]> = {};
  private notFoundCode: AppErrorCode | null = null;
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }
  notFound(field: string, code: AppErrorCode, message: string): void {
    this.notFoundCode ??= code;
    this.add(field, message);
  }
  throwIfAny(): void {
    const first = Object.values(this.errors)[0]?.[0];
    if (!first) return;
    if (this.notFoundCode) throw new AppError(this.notFoundCode, undefined, this.errors);
    throw new AppError("campaign_invalid", first, this.errors);
  }
}

const exists = async (db: DbOrTx, query: ReturnType<typeof sql>) => (await one(db, query)) !== undefined;

/**
 * What the contract cannot see: every id the dialog names is the team's (gateways may be the platform's), of the
 * right kind for the campaign's channel, and each rule of the kind its field holds (one rule of each kind).
 */
export async function checkCampaignRefs(db: DbOrTx, ctx: TeamCtx, c: SaveCampaign): Promise<void> {
  const errors = new CampaignFieldErrors();
  const team = ctx.teamId;
  const channel = CampaignChannel[c.type];
  const gateway = async (field: string, id: number, kinds: readonly string[], wrongKind: string) => {
    const g = await one<{ kind: string }>(db, sql`SELECT kind FROM gateways WHERE id = ${id} AND (team_id = ${team} OR team_id IS NULL)`);
    if (!g) errors.notFound(field, "gateway_not_found", "The selected gateway was not found.");
    else if (!kinds.includes(g.kind)) errors.add(field, wrongKind);
  };
  if (c.sender_type === "gateway" && c.setting_gateway_id !== null)
    await gateway(
      "setting_gateway_id",
      c.setting_gateway_id,
      [channel],
      `The selected gateway is not an ${channel === "sms" ? "SMS" : "email"} gateway.`,
    );
  if (c.sender_type === "route" && c.route_id !== null) {
    if (!(await exists(db, sql`SELECT 1 FROM campaign_routes WHERE team_id = ${team} AND id = ${c.route_id}`)))
      errors.notFound("route_id", "route_not_found", "The selected route was not found.");
  }
  if (c.sender_type === "pool" && c.pool_id !== null) {
    if (!(await exists(db, sql`SELECT 1 FROM campaign_pools WHERE team_id = ${team} AND id = ${c.pool_id}`)))
      errors.notFound("pool_id", "pool_not_found", "The selected pool was not found.");
  }
  if (c.only_verified_leads && c.lookup_gateway_id !== null) {
    const kinds = channel === "sms" ? ["sms_lookup", "sms_dnc"] : ["email_lookup"];
    await gateway("lookup_gateway_id", c.lookup_gateway_id, kinds, "The selected lookup gateway is invalid.");
  }
  const ruleFields = [
    ["cool_off_rule_id", channel === "sms" ? RuleTypes.sms_cool_off : RuleTypes.email_cool_off],
    ["inactive_device_rule_id", RuleTypes.sms_inactive_device],
    ["set_frequency_rule_id", RuleTypes.reset_frequency],
    ["increase_frequency_rule_id", RuleTypes.increase_frequency],
  ] as const;
  for (const [field, type] of ruleFields) {
    const id = c[field];
    if (id === null) continue;
    const rule = await one<{ type: number }>(db, sql`SELECT type FROM rules WHERE team_id = ${team} AND id = ${id}`);
    if (!rule) errors.notFound(field, "rule_not_found", "The selected rule was not found.");
    else if (rule.type !== type) errors.add(field, "The selected rule is not a rule of this kind.");
  }
  if (c.spam_email_groups.length > 0) {
    const found = await rows<{ id: number }>(
      db,
      sql`SELECT id FROM spam_email_groups WHERE team_id = ${team} AND id = ANY(${intArray(c.spam_email_groups)})`,
    );
    if (found.length !== new Set(c.spam_email_groups).size)
      errors.notFound("spam_email_groups", "spam_email_group_not_found", "A selected spam email group was not found.");
  }
  errors.throwIfAny();
}

/** The stored value of a locked field, in the contract's terms. */
function storedValue(row: CampaignRecord, field: (typeof CampaignLockedFields)[number]): unknown {
  if (field === "run_daily_from" || field === "run_daily_to") return row[field]?.slice(0, 5) ?? null;
  return row[field];
}

/** Once started, the sending fields stay as they are: a change is a 422 naming the field. */
export function assertUnlocked(row: CampaignRecord, c: SaveCampaign): void {
  if (!row.is_started) return;
  const errors = new CampaignFieldErrors();
  for (const field of CampaignLockedFields) {
    const before = storedValue(row, field);
    const after = c[field];
    const same = Array.isArray(before) && Array.isArray(after) ? [...before].sort().join() === [...after].sort().join() : before === after;
    if (!same) errors.add(field, `The ${field.replace(/_/g, " ")} cannot be changed once the campaign has started.`);
  }
  const first = Object.values(errors.errors)[0]?.[0];
  if (first) throw new AppError("campaign_field_locked", first, errors.errors);
}
