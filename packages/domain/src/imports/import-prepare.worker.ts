import { parentPort } from "node:worker_threads";
import type { PrepareMessage, PrepareResponse } from "./import-prepare.pool";
import { prepareBatch } from "./import-rows";
import type { ParsedRow } from "./parsers";
import { stagingCsv } from "./staging-csv";

/**
 * A normalising thread (see import-prepare.pool.ts): a batch's parsed rows come in chunks, are prepared into
 * staging csv on request, and the csv is kept here until taken.
 */
const parsed = new Map<number, ParsedRow[]>();
const prepared = new Map<number, string[]>();

function answer(msg: PrepareMessage): PrepareResponse | null {
  switch (msg.type) {
    case "rows": {
      const rows = parsed.get(msg.id);
      if (rows) for (const r of msg.rows) rows.push(r);
      else parsed.set(msg.id, msg.rows);
      return null;
    }
    case "prepare": {
      const { rows } = prepareBatch(parsed.get(msg.id) ?? [], msg.plan, { ignoreTemplate: msg.ignoreTemplate });
      parsed.delete(msg.id);
      prepared.set(msg.id, stagingCsv(msg.importId, msg.batch, rows));
      return { id: msg.id, prepared: true };
    }
    case "take": {
      const csv = prepared.get(msg.id) ?? [];
      prepared.delete(msg.id);
      return { id: msg.id, csv };
    }
  }
}

parentPort!.on("message", (msg: PrepareMessage) => {
  let res: PrepareResponse | null;
  try {
    res = answer(msg);
  } catch (e) {
    res = { id: msg.id, error: e instanceof Error ? e.message : String(e) };
  }
  if (res) parentPort!.postMessage(res);
});
