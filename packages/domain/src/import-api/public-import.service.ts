import {
  type AttributeType,
  ImportFailureReasonLabels,
  type PublicImportRequest,
  type PublicImportResponse,
  PublicImportSavedMessage,
  type PublicLeadResult,
  type ValidationErrorBody,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { createAttributes, ensureSystemAttributes } from "../attributes";
import { getPhoneTemplate } from "../contacts";
import type { ColumnPlan, ConsentProblem, StagedRow } from "../imports";
import { checkConsent, consentProblemText, groupRows, prepareBatch } from "../imports";
import { applyLeadStatuses, mergeStagedBatch, refreshLeadStatistics, TargetGoneError } from "../leads";
import { addApiImportLookupItems } from "../lookups";
import { planLeadLimitMessage } from "../plans";
import { AppError } from "../shared/errors";
import { type DbOrTx, one } from "../shared/rows";
import { lockTeamLeads } from "../shared/team-locks";
import type { ApiKeyTarget } from "./api-key-auth";
import { claimLedgerKeys, storeLedgerAnswers } from "./idempotency-ledger";
import { importApiErrors } from "./import-api.errors";
import { insertStagedRows } from "./staged-rows";

export interface PublicImportOutcome {
  status: number;
  body: PublicImportResponse | (ValidationErrorBody & { data?: PublicImportResponse["data"] });
  /** The answer was stored by an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

export interface Idempotency {
  key: string;
  /** Hash of the request body: the same key with another body is a 409. */
  requestHash: string;
}

/** One request waiting for its key's next batch. */
interface Pending {
  key: ApiKeyTarget;
  request: PublicImportRequest;
  idempotency?: Idempotency;
  resolve: (outcome: PublicImportOutcome) => void;
  reject: (error: unknown) => void;
}

/** Leads one batch takes at most: a few hundred requests' worth, so one batch stays a short transaction. */
const BATCH_LEADS = 2000;

/** Least time between the starts of two batches of one key in one process (see KeyQueue.nextTurn). */
const BATCH_INTERVAL_MS = 50;

/**
 * Group commit, per API key and process: while one batch of a key's requests is being merged, the requests
 * that arrive queue up, and the next transaction takes them all. The merge costs mostly its fixed family of
 * statements, not its rows, and requests into one team serialise on the team's lead lock anyway, so at 200
 * requests/s this turns 200 short transactions that wait on each other into a handful of larger ones.
 */
class KeyQueue {
  private pending: Pending[] = [];
  private running = false;
  private lastStart = Number.NEGATIVE_INFINITY;

  constructor(private readonly db: DbOrTx) {}

  push(p: Pending): void {
    this.pending.push(p);
    if (!this.running) void this.drain();
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.pending.length > 0) {
        // The batch is taken once the transaction has its connection, not before: on the embedded database the
        // wait for it is the previous batch (and every other statement), and the requests that arrived meanwhile
        // belong in this batch, not each in one of their own.
        let batch: Pending[] = [];
        try {
          await this.nextTurn();
          const outcomes = await importBatch(this.db, this.pending[0]!.key.teamId, () => (batch = this.take()));
          batch.forEach((p, i) => {
            p.resolve(outcomes[i]!);
          });
        } catch (e) {
          if (batch.length <= 1) {
            batch[0]?.reject(e);
            continue;
          }
          // One bad request must not fail its neighbours: each runs again on its own.
          for (const p of batch) await importBatch(this.db, p.key.teamId, () => [p]).then(([o]) => p.resolve(o!), p.reject);
        }
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * A key's batches start at least BATCH_INTERVAL_MS apart (per process). A batch costs mostly its fixed family
   * of statements, so requests that wait for the next turn make it bigger, not slower per lead; and a team pushing
   * at full speed leaves the database and the cores time for everyone else's pages. Always at least one turn of
   * the event loop: the embedded database runs a whole transaction without giving one (its statements are
   * synchronous WASM behind promises), so without it every batch held the one request that started it.
   */
  private async nextTurn(): Promise<void> {
    const wait = this.lastStart + BATCH_INTERVAL_MS - performance.now();
    await new Promise<void>((resolve) => (wait > 0 ? setTimeout(resolve, wait) : setImmediate(resolve)));
    this.lastStart = performance.now();
  }

  private take(): Pending[] {
    let leads = 0;
    let n = 0;
    while (n < this.pending.length && (n === 0 || leads + this.pending[n]!.request.leads.length <= BATCH_LEADS)) {
      leads += this.pending[n]!.request.leads.length;
      n++;
    }
    return this.pending.splice(0, n);
  }
}

const queues = new WeakMap<object, Map<number, KeyQueue>>();

/**
 * One request of the public import interface. It joins its key's queue and is answered when the batch holding
 * it commits: the Idempotency-Key ledger entries, the team's lead lock, the day's API import record (Import
 * History shows one per key and day, with its failed leads), the set-based merge shared with file imports, the
 * key's statuses, and each request's stored answer, in one transaction.
 */
export function importLeadsByApi(
  db: DbOrTx,
  key: ApiKeyTarget,
  request: PublicImportRequest,
  idempotency?: Idempotency,
): Promise<PublicImportOutcome> {
  let byKey = queues.get(db);
  if (!byKey) queues.set(db, (byKey = new Map()));
  let queue = byKey.get(key.id);
  if (!queue) byKey.set(key.id, (queue = new KeyQueue(db)));
  const q = queue;
  return new Promise((resolve, reject) => q.push({ key, request, idempotency, resolve, reject }));
}

/**
 * A batch of one key's requests in one transaction; answers each request's outcome, in order. `takeBatch` is
 * called once the transaction has begun.
 */
async function importBatch(db: DbOrTx, teamId: number, takeBatch: () => Pending[]): Promise<PublicImportOutcome[]> {
  await refreshLeadStatistics(db, teamId);
  return db.transaction(async (tx) => {
    const batch = takeBatch();
    const key = batch[0]!.key;
    const outcomes: (PublicImportOutcome | undefined)[] = new Array(batch.length);
    // A key repeated within the batch follows its first request.
    const owners = new Map<string, number>();
    const followers: [number, number][] = [];
    batch.forEach((p, i) => {
      if (!p.idempotency) return;
      const owner = owners.get(p.idempotency.key);
      if (owner === undefined) owners.set(p.idempotency.key, i);
      else followers.push([i, owner]);
    });
    const claims = [...owners.values()].map((i) => batch[i]!.idempotency!);
    const earlier = await claimLedgerKeys<PublicImportOutcome["body"]>(tx, key.teamId, key.id, claims);
    for (const [idem, i] of owners) {
      const before = earlier.get(idem);
      if (!before) continue;
      const same = before.requestHash === batch[i]!.idempotency!.requestHash;
      outcomes[i] =
        same && before.statusCode !== null && before.response !== null
          ? { status: before.statusCode, body: before.response, replayed: true }
          : conflict();
    }
    const isFollower = new Set(followers.map(([f]) => f));
    const live = batch.map((_, i) => i).filter((i) => outcomes[i] === undefined && !isFollower.has(i));

    if (live.length > 0) {
      const leads = live.flatMap((i) => batch[i]!.request.leads);
      const results = await mergeLeads(tx, key, leads);
      const answers: { key: string; status: number; body: unknown }[] = [];
      let at = 0;
      for (const i of live) {
        const n = batch[i]!.request.leads.length;
        const own = results.slice(at, at + n).map((r, index) => ({ ...r, index }));
        at += n;
        outcomes[i] = answer(own);
        const idem = batch[i]!.idempotency;
        if (idem) answers.push({ key: idem.key, status: outcomes[i]!.status, body: outcomes[i]!.body });
      }
      await storeLedgerAnswers(tx, key.teamId, key.id, answers);
    }
    for (const [i, owner] of followers) {
      const same = batch[i]!.idempotency!.requestHash === batch[owner]!.idempotency!.requestHash;
      outcomes[i] = same ? { ...outcomes[owner]!, replayed: true } : conflict();
    }
    return outcomes as PublicImportOutcome[];
  });
}

/** Stages and merges the leads of a batch under the team's lock; answers each lead's outcome in order. */
async function mergeLeads(tx: DbOrTx, key: ApiKeyTarget, leads: PublicImportRequest["leads"]): Promise<PublicLeadResult[]> {
  const plans = await planLeads(tx, key.teamId, leads);
  const { values: ignoreTemplate } = await getPhoneTemplate(tx, key.teamId);

  await lockTeamLeads(tx, key.teamId);
  const record = await claimDayRecord(tx, key, leads.length);
  const firstLine = record.total_rows - leads.length + 1;
  const consentProblems: ConsentProblem[][] = [];
  const staged: StagedRow[] = leads.map((lead, i) => {
    const cells = lead.attributes.map((a) => a.value);
    const row = prepareBatch([{ line: firstLine + i, cells }], plans[i]!, { ignoreTemplate }).rows[0]!;
    // The consent object is checked like a file's consent columns: bad values are refused, the lead is still saved.
    const consent = lead.consent ? checkConsent(lead.consent) : null;
    row.consent = consent?.values ?? null;
    row.consentError = consent ? consentProblemText(consent.problems) : null;
    consentProblems.push(consent?.problems ?? []);
    return row;
  });
  groupRows(staged);
  await insertStagedRows(tx, record.id, record.merged_batches, staged);

  let counts: Awaited<ReturnType<typeof mergeStagedBatch>>;
  try {
    counts = await mergeStagedBatch(
      tx,
      {
        teamId: key.teamId,
        listId: key.listId,
        sourceId: key.sourceId,
        importId: record.id,
        filename: record.filename,
        batch: record.merged_batches,
        origin: "api",
      },
      { rowLeads: true },
    );
  } catch (e) {
    if (e instanceof TargetGoneError) throw new AppError("api_request_failed");
    throw e;
  }
  await tx.execute(
    sql`UPDATE imports SET processed_count = processed_count + ${counts.processed}, unique_count = unique_count + ${counts.unique},
          duplicates_count = duplicates_count + ${counts.duplicates}, failed_count = failed_count + ${counts.failed},
          skipped_count = skipped_count + ${counts.skipped}, invalid_phones_count = invalid_phones_count + ${counts.invalidPhones},
          ignored_phones_count = ignored_phones_count + ${counts.ignoredPhones}, checkpoint_line = ${record.total_rows},
          finished_at = now(), updated_at = now()
        WHERE team_id = ${key.teamId} AND id = ${record.id}`,
  );

  // The key's lookup toggles: the batch's leads join the day's lookup jobs (started after commit by the route).
  await addApiImportLookupItems(
    tx,
    key.teamId,
    record.id,
    {
      check_mobile_status: key.checkMobileStatus,
      check_sms_dnc: key.checkSmsDnc,
      check_email_status: key.checkEmailStatus,
      sms_lookup_gateway_id: key.smsLookupGatewayId,
      sms_dnc_gateway_id: key.smsDncGatewayId,
      email_lookup_gateway_id: key.emailLookupGatewayId,
    },
    (counts.rows ?? []).map((r) => r.leadId),
  );

  const byLine = new Map((counts.rows ?? []).map((r) => [r.line, r]));
  // Leads the plan had no room for: failed, with the limit in the message.
  const overLimit = new Set(counts.leadLimit?.lines ?? []);
  const limitMessage = counts.leadLimit ? planLeadLimitMessage(counts.leadLimit.limit) : null;
  const results: PublicLeadResult[] = staged.map((row, index) => {
    const merged = byLine.get(row.line);
    if (merged) {
      const saved = { index, status: merged.created ? "created" : "merged", lead_id: merged.leadId } as const;
      const refused = consentProblems[index]!;
      if (!refused.length) return { ...saved, reason: null, message: null };
      const errors: Record<string, string[]> = {};
      for (const p of refused) (errors[`consent.${p.field}`] ??= []).push(p.message);
      return { ...saved, reason: "invalid_consent", message: refused[0]!.message, errors };
    }
    if (overLimit.has(row.line)) return { index, status: "failed", lead_id: null, reason: "plan_lead_limit", message: limitMessage };
    const reason = row.fail?.reason ?? "no_contact";
    return { index, status: "failed", lead_id: null, reason, message: row.fail?.message ?? ImportFailureReasonLabels[reason] };
  });
  await applyKeyStatuses(tx, key, results, record);
  return results;
}

function conflict(): PublicImportOutcome {
  return {
    status: importApiErrors.idempotency_key_reused.status,
    body: { message: importApiErrors.idempotency_key_reused.message },
    replayed: false,
  };
}

/**
 * Each lead's attributes as a column plan: phone and email types go to the system attributes; a string
 * attribute is found by name (any case) or created, like a 'New' column of a file import. An existing
 * attribute of type phone or email named by a string entry keeps its type.
 */
async function planLeads(tx: DbOrTx, teamId: number, leads: PublicImportRequest["leads"]): Promise<ColumnPlan[][]> {
  const system = await ensureSystemAttributes(tx, teamId);
  const names = new Map<string, string>();
  for (const lead of leads) {
    for (const a of lead.attributes)
      if (a.type === "string" && !names.has(a.attribute.toLowerCase())) names.set(a.attribute.toLowerCase(), a.attribute);
  }
  const found = new Map<string, { id: number; type: AttributeType; name: string }>();
  if (names.size > 0) {
    const ctx = { teamId, userId: 0, role: "team_admin" as const };
    const created = await createAttributes(
      tx,
      ctx,
      [...names.values()].map((name) => ({ name, type: "string" as const })),
    );
    for (const a of created) found.set(a.name.toLowerCase(), { id: a.id, type: a.type, name: a.name });
    // A name reused case-insensitively comes back with its stored spelling: index the request's spelling too.
    [...names.keys()].forEach((lower, i) => {
      const a = created[i];
      if (a) found.set(lower, { id: a.id, type: a.type, name: a.name });
    });
  }
  return leads.map((lead) =>
    lead.attributes.map((a, col): ColumnPlan => {
      if (a.type === "phone") return { col, kind: "phone", attributeId: system.phone, name: "Phone" };
      if (a.type === "email") return { col, kind: "email", attributeId: system.email, name: "Email" };
      const attr = found.get(a.attribute.toLowerCase())!;
      return { col, kind: attr.type, attributeId: attr.id, name: attr.name };
    }),
  );
}

interface DayRecord {
  id: number;
  filename: string;
  total_rows: number;
  merged_batches: number;
}

/**
 * The key's import record for today (UTC), created on the day's first request. Taking `n` lines and the next
 * batch number here (under the team lock) gives every pushed lead its own line in the record's history.
 */
async function claimDayRecord(tx: DbOrTx, key: ApiKeyTarget, n: number): Promise<DayRecord> {
  const filename = `API: ${key.name}`;
  const row = await one<DayRecord>(
    tx,
    sql`INSERT INTO imports (team_id, source_id, list_id, filename, stored_path, format, status, progress, sync_status, sync_progress,
          total_rows, merged_batches, check_mobile_status, check_email_status, check_sms_dnc, sms_lookup_gateway_id,
          sms_dnc_gateway_id, email_lookup_gateway_id, lead_status, email_status, phone_status, import_list_id, api_day,
          validated_at, dispatched_at, started_at, finished_at)
        VALUES (${key.teamId}, ${key.sourceId}, ${key.listId}, ${filename}, '', 'api', 'completed', 100, 'completed', 100,
          ${n}, 1, ${key.checkMobileStatus}, ${key.checkEmailStatus}, ${key.checkSmsDnc}, ${key.smsLookupGatewayId},
          ${key.smsDncGatewayId}, ${key.emailLookupGatewayId}, ${key.leadStatus}, ${key.emailStatus}, ${key.phoneStatus},
          ${key.id}, (now() AT TIME ZONE 'UTC')::date, now(), now(), now(), now())
        ON CONFLICT (team_id, import_list_id, api_day) WHERE api_day IS NOT NULL DO UPDATE SET
          total_rows = imports.total_rows + ${n}, merged_batches = imports.merged_batches + 1,
          source_id = EXCLUDED.source_id, list_id = EXCLUDED.list_id, filename = EXCLUDED.filename, updated_at = now()
        RETURNING id, filename, total_rows::int AS total_rows, merged_batches`,
  );
  return row!;
}

/** The key's lead, email and phone statuses go to every lead the request created or merged into. */
async function applyKeyStatuses(tx: DbOrTx, key: ApiKeyTarget, results: PublicLeadResult[], record: DayRecord): Promise<void> {
  if (key.leadStatus === null && key.emailStatus === null && key.phoneStatus === null) return;
  const ids = [...new Set(results.flatMap((r) => (r.lead_id === null ? [] : [r.lead_id])))];
  if (ids.length === 0) return;
  await applyLeadStatuses(
    tx,
    key.teamId,
    sql`SELECT unnest(${`{${ids.join(",")}}`}::bigint[])`,
    { lead_status: key.leadStatus, email_status: key.emailStatus, phone_status: key.phoneStatus },
    { type: "api", importId: record.id, filename: record.filename },
  );
}

/** 200 'Lead has been saved.' when at least one lead was saved (each lead's outcome listed); else a 422. */
function answer(results: PublicLeadResult[]): PublicImportOutcome {
  const data = {
    received: results.length,
    created: results.filter((r) => r.status === "created").length,
    merged: results.filter((r) => r.status === "merged").length,
    failed: results.filter((r) => r.status === "failed").length,
    leads: results,
  };
  if (data.created + data.merged > 0) return { status: 200, body: { message: PublicImportSavedMessage, data }, replayed: false };
  const errors: Record<string, string[]> = {};
  for (const r of results) errors[`leads.${r.index}.attributes`] = [r.message ?? importApiErrors.api_no_lead_saved.message];
  return { status: 422, body: { message: importApiErrors.api_no_lead_saved.message, errors, data }, replayed: false };
}
