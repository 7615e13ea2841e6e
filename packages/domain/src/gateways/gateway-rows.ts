import {
  type Gateway,
  type GatewayKind,
  type GatewaySenders,
  gatewayTypeInfo,
  SECRET_MASK_PREFIX,
  type SenderGroup,
  SenderGroups,
} from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, iso, one } from "../shared/rows";
import { maskSecret, senderSecretKey } from "./gateway-input";
import { openSecrets, type StoredSecrets } from "./gateway-secrets";

/** A `gateways` row as the queries select it. */
export interface GatewayRow {
  id: number;
  team_id: number | null;
  kind: GatewayKind;
  type: string;
  name: string;
  active: boolean;
  allow_lookup: boolean;
  is_force: boolean;
  rate_limit: number | null;
  params: Record<string, string> | null;
  secrets: string | null;
  senders: Partial<GatewaySenders> | null;
  paused_until: string | Date | null;
  paused_reason: string | null;
  paused_senders: { sender: string; until: string; reason: string }[];
  created_at: string | Date;
  updated_at: string | Date;
}

export const gatewayColumns = sql.raw(`g.id, g.team_id, g.kind, g.type, g.name, g.active, g.allow_lookup, g.is_force, g.rate_limit,
  g.params, g.secrets, g.senders, g.created_at, g.updated_at,
  CASE WHEN g.paused_until > now() THEN g.paused_until END AS paused_until, g.paused_reason,
  (SELECT coalesce(json_agg(json_build_object('sender', ps.sender, 'until', ps.until, 'reason', ps.reason) ORDER BY ps.sender), '[]')
   FROM paused_senders ps WHERE ps.gateway_id = g.id AND ps.until > now()) AS paused_senders`);

/** The team's own gateways and the platform's defaults (team_id NULL), which every team sees. */
export const visibleTo = (teamId: number): SQL => sql`(g.team_id = ${teamId} OR g.team_id IS NULL)`;

/** Secrets that no longer open (the key changed) show as a bare mask rather than failing the whole page. */
async function secretsForDisplay(db: DbOrTx, sealed: string | null): Promise<StoredSecrets | "unreadable"> {
  try {
    return await openSecrets(db, sealed);
  } catch {
    return "unreadable";
  }
}

export async function presentGateway(db: DbOrTx, r: GatewayRow): Promise<Gateway> {
  const info = gatewayTypeInfo(r.kind, r.type);
  const opened = await secretsForDisplay(db, r.secrets);
  const secrets = opened === "unreadable" ? null : opened;
  const shown = (value: string | undefined) => (secrets === null ? SECRET_MASK_PREFIX : value ? maskSecret(value) : "");

  const stored = r.params ?? {};
  const params: Record<string, string> = info ? {} : { ...stored };
  for (const f of info?.fields ?? []) {
    params[f.key] = f.secret ? shown(secrets?.params[f.key]) : (stored[f.key] ?? "");
  }

  const senders: GatewaySenders = { numbers: [], pools: [], dids: [], did_groups: [], list: [] };
  const groups: readonly SenderGroup[] = info ? SenderGroups[info.senders] : [];
  for (const group of groups) {
    senders[group.key] = (r.senders?.[group.key] ?? []).map((row) => {
      const out = { ...row };
      for (const c of group.columns.filter((col) => col.secret)) {
        out[c.key] = shown(secrets?.senders[senderSecretKey(group.key, row)]);
      }
      return out;
    });
  }

  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    type: r.type,
    type_alias: info?.label ?? r.type,
    active: r.active,
    default: r.team_id === null,
    allow_lookup: r.allow_lookup,
    is_force: r.is_force,
    rate_limit: r.rate_limit,
    params,
    senders,
    out_of_rotation: r.paused_until ? { until: iso(r.paused_until)!, reason: r.paused_reason ?? "" } : null,
    senders_out_of_rotation: (r.paused_senders ?? []).map((p) => ({ ...p, until: iso(p.until)! })),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}

/** A gateway the team can see (its own or a default); another team's is a 404. */
export async function visibleGatewayRow(db: DbOrTx, ctx: TeamCtx, id: number): Promise<GatewayRow> {
  const row = await one<GatewayRow>(db, sql`SELECT ${gatewayColumns} FROM gateways g WHERE g.id = ${id} AND ${visibleTo(ctx.teamId)}`);
  if (!row) throw new AppError("gateway_not_found");
  return row;
}

/** The team's own gateway, for a change: a default one is read-only (403), another team's does not exist (404). */
export async function ownGatewayRow(db: DbOrTx, ctx: TeamCtx, id: number): Promise<GatewayRow> {
  const row = await visibleGatewayRow(db, ctx, id);
  if (row.team_id === null) throw new AppError("gateway_locked", "Integrations provided by Leadflow cannot be edited or deleted.");
  return row;
}
