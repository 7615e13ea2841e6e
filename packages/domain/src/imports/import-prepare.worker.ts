import { parentPort } from "node:worker_threads";
import type { PrepareRequest, PrepareResponse } from "./import-prepare.pool";
import { prepareBatch } from "./import-rows";
import { stagingCsv } from "./staging-csv";

/** A normalising thread: parsed rows in, staging csv out (see import-prepare.pool.ts). */
parentPort!.on("message", (req: PrepareRequest) => {
  let res: PrepareResponse;
  try {
    const { rows } = prepareBatch(req.rows, req.plan, { ignoreTemplate: req.ignoreTemplate });
    res = { id: req.id, csv: stagingCsv(req.importId, req.batch, rows) };
  } catch (e) {
    res = { id: req.id, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(res);
});
