import type { GatewayKind, GatewaySenders, TestGatewayDraft, TestGatewayResult } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import type { AdapterGateway, ProviderOptions } from "../providers";
import { testGatewayConnection } from "../providers";
import type { TeamCtx } from "../shared/context";
import type { Resolve } from "../shared/public-url";
import { type DbOrTx, one } from "../shared/rows";
import { gatewayValues, senderSecretKey } from "./gateway-input";
import { type GatewayRow, gatewayColumns, visibleGatewayRow, visibleTo } from "./gateway-rows";
import { openSecrets } from "./gateway-secrets";
import { invalid } from "./validation";

export interface RunGateway {
  id: number;
  kind: GatewayKind;
  type: string;
  name: string;
  active: boolean;
  allowLookup: boolean;
  isForce: boolean;
  /** Requests per second; null: the default pace. */
  rateLimit: number | null;
  /** Plain params and decrypted secrets merged: what an adapter is built from. */
  adapter: AdapterGateway;
  /** Sender rows with their credentials decrypted back in (gateway9 accounts' api_key). */
  senders: Partial<GatewaySenders>;
}

function senderRowsWithSecrets(senders: GatewayRow["senders"], secrets: Record<string, string>): Partial<GatewaySenders> {
  const out: Partial<GatewaySenders> = {};
  for (const [group, list] of Object.entries(senders ?? {}) as [keyof GatewaySenders, GatewaySenders["numbers"]][]) {
    out[group] = list.map((row) => {
      const key = secrets[senderSecretKey(group, row)];
      return key ? { ...row, api_key: key } : row;
    });
  }
  return out;
}

/**
 * The gateway a lookup job runs with (the team's own or a platform default), credentials decrypted; null when it
 * is gone. The runner checks `active` and `kind` itself, so a deactivated gateway can stop a job with a reason.
 */
export async function loadGatewayForRun(db: DbOrTx, teamId: number, gatewayId: number): Promise<RunGateway | null> {
  const row = await one<GatewayRow>(db, sql`SELECT ${gatewayColumns} FROM gateways g WHERE g.id = ${gatewayId} AND ${visibleTo(teamId)}`);
  return row ? runGateway(db, row) : null;
}

/**
 * A gateway a provider's callback names, whichever team owns it (the hook endpoints are public: the callback's
 * signature, checked with the gateway's own secrets, is what authorises it); null when there is none.
 */
export async function loadGatewayForCallback(db: DbOrTx, gatewayId: number): Promise<(RunGateway & { teamId: number | null }) | null> {
  const row = await one<GatewayRow>(db, sql`SELECT ${gatewayColumns} FROM gateways g WHERE g.id = ${gatewayId}`);
  return row ? { ...(await runGateway(db, row)), teamId: row.team_id } : null;
}

async function runGateway(db: DbOrTx, row: GatewayRow): Promise<RunGateway> {
  const secrets = await openSecrets(db, row.secrets);
  const senders = senderRowsWithSecrets(row.senders, secrets.senders);
  return {
    id: row.id,
    kind: row.kind,
    type: row.type,
    name: row.name,
    active: row.active,
    allowLookup: row.allow_lookup,
    isForce: row.is_force,
    rateLimit: row.rate_limit,
    adapter: { type: row.type, params: { ...(row.params ?? {}), ...secrets.params }, senders },
    senders,
  };
}

/** A person waits for the answer: retries included, a test gives up after this long. */
const TEST_TIMEOUT_MS = 20_000;

/** A provider's failure in words; never a stack trace, never a credential (adapters word their own messages). */
async function check(kind: GatewayKind, gw: AdapterGateway, opts: ProviderOptions): Promise<TestGatewayResult> {
  const signal = AbortSignal.timeout(TEST_TIMEOUT_MS);
  try {
    const result = await testGatewayConnection(kind, gw, opts, signal);
    return { ok: result.ok, message: result.message };
  } catch (e) {
    if (signal.aborted) return { ok: false, message: `The provider did not answer within ${TEST_TIMEOUT_MS / 1000} seconds.` };
    const message = e instanceof Error && e.message ? e.message : "The provider could not be reached.";
    return { ok: false, message: `Connection failed: ${message}` };
  }
}

/** Test connection of a saved gateway (the table's action). */
export async function testSavedGateway(db: DbOrTx, ctx: TeamCtx, id: number, opts: ProviderOptions = {}): Promise<TestGatewayResult> {
  await visibleGatewayRow(db, ctx, id);
  const gw = await loadGatewayForRun(db, ctx.teamId, id);
  if (!gw) return { ok: false, message: "The integration no longer exists." };
  return check(gw.kind, gw.adapter, opts);
}

/**
 * Test connection from the dialog, before saving: the form's values, checked like a save (so an unsafe base_url
 * is refused before the server calls it); with `id`, masked secrets stand for the saved ones.
 */
export async function testGatewayDraft(
  db: DbOrTx,
  ctx: TeamCtx,
  draft: TestGatewayDraft,
  opts: ProviderOptions = {},
  resolve?: Resolve,
): Promise<TestGatewayResult> {
  const stored = draft.id ? await visibleGatewayRow(db, ctx, draft.id) : null;
  const secrets = stored ? await openSecrets(db, stored.secrets) : null;
  const result = await gatewayValues(draft, stored && secrets ? { kind: stored.kind, type: stored.type, secrets } : null, resolve);
  if ("errors" in result) throw invalid(result.errors);
  const v = result.values;
  // Sender rows carry credentials too (Commio accounts' Api Key): the draft's, with masked ones resolved.
  const senders = senderRowsWithSecrets(v.senders, v.secrets.senders);
  return check(v.kind, { type: v.type, params: { ...v.params, ...v.secrets.params }, senders }, opts);
}
