import { sql } from "drizzle-orm";
import { type DbOrTx, rows, textArray } from "../shared/rows";

/*
 * The Idempotency-Key ledger (`import_api_requests`) for a batch of one key's requests, in three statements
 * whatever the batch's size: the embedded database runs every statement on its one connection, and at 150
 * requests/s three statements per request were a fifth of its time.
 */

export interface LedgerClaim {
  key: string;
  requestHash: string;
}

export interface EarlierAnswer<B> {
  requestHash: string;
  statusCode: number | null;
  response: B | null;
}

/**
 * Takes the batch's keys in key order (two processes never wait on each other's rows crosswise). A key another
 * transaction holds makes this wait until it ends: a retry waits for its first attempt's answer. Answers the keys
 * that were there before, with what they stored.
 */
export async function claimLedgerKeys<B>(
  tx: DbOrTx,
  teamId: number,
  importListId: number,
  claims: readonly LedgerClaim[],
): Promise<Map<string, EarlierAnswer<B>>> {
  const earlier = new Map<string, EarlierAnswer<B>>();
  if (claims.length === 0) return earlier;
  const doc = JSON.stringify(claims.map((c) => ({ k: c.key, h: c.requestHash })));
  const fresh = await rows<{ idempotency_key: string }>(
    tx,
    sql`INSERT INTO import_api_requests (team_id, import_list_id, idempotency_key, request_hash)
        SELECT ${teamId}, ${importListId}, x.k, x.h FROM jsonb_to_recordset(${doc}::jsonb) AS x(k text, h text)
        ORDER BY x.k
        ON CONFLICT DO NOTHING RETURNING idempotency_key`,
  );
  const taken = new Set(fresh.map((r) => r.idempotency_key));
  const others = claims.filter((c) => !taken.has(c.key)).map((c) => c.key);
  if (others.length === 0) return earlier;
  const found = await rows<{ idempotency_key: string; request_hash: string; status_code: number | null; response: B | null }>(
    tx,
    sql`SELECT idempotency_key, request_hash, status_code, response FROM import_api_requests
        WHERE team_id = ${teamId} AND import_list_id = ${importListId}
          AND idempotency_key = ANY(${textArray(others)})`,
  );
  for (const r of found) earlier.set(r.idempotency_key, { requestHash: r.request_hash, statusCode: r.status_code, response: r.response });
  // Gone between the two statements (the day-old sweep): answered as a conflict, never run a second time.
  for (const k of others) if (!earlier.has(k)) earlier.set(k, { requestHash: "", statusCode: null, response: null });
  return earlier;
}

/** Each claimed key's answer, stored before the batch commits so a retry replays it. */
export async function storeLedgerAnswers(
  tx: DbOrTx,
  teamId: number,
  importListId: number,
  answers: readonly { key: string; status: number; body: unknown }[],
): Promise<void> {
  if (answers.length === 0) return;
  const doc = JSON.stringify(answers.map((a) => ({ k: a.key, s: a.status, b: a.body })));
  await tx.execute(
    sql`UPDATE import_api_requests r SET status_code = x.s, response = x.b
        FROM jsonb_to_recordset(${doc}::jsonb) AS x(k text, s int, b jsonb)
        WHERE r.team_id = ${teamId} AND r.import_list_id = ${importListId} AND r.idempotency_key = x.k`,
  );
}
