import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { type ColumnPlan, prepareBatch } from "./import-rows";
import type { ParsedRow } from "./parsers";
import { stagingCsv } from "./staging-csv";

export interface PrepareRequest {
  importId: number;
  batch: number;
  plan: ColumnPlan[];
  ignoreTemplate: string[];
}

/**
 * Main thread → worker: a batch arrives in chunks of rows, is prepared, and its csv is taken when the staging
 * table has room for it.
 */
export type PrepareMessage =
  | { type: "rows"; id: number; rows: ParsedRow[] }
  | ({ type: "prepare"; id: number } & PrepareRequest)
  | { type: "take"; id: number };
export type PrepareResponse = { id: number; prepared: true } | { id: number; csv: string[] } | { id: number; error: string };

/** A batch being handed to the pool, a chunk of rows at a time. */
export interface PendingBatch {
  add(rows: ParsedRow[]): void;
  /** Normalises every row added into staging csv, kept where it was made until taken. */
  finish(req: PrepareRequest): Promise<PreparedBatch>;
}

export interface PreparedBatch {
  /** The staging csv, in pieces (see stagingCsv). Once. */
  take(): Promise<string[]>;
}

/**
 * Normalising phones is the CPU-heavy part of an import (libphonenumber's full metadata), so batches are
 * prepared on worker threads while the main thread parses, copies and merges. `size` 0 prepares inline
 * (LEADFLOW_IMPORT_WORKERS overrides; by default one thread per spare core, at most three).
 *
 * A batch is sent in the chunks the reader parses (a few thousand rows) as they come, kept by the worker until it
 * is complete, and its csv stays there until the staging table has room for it: what waits for the merge waits
 * in the worker's bounded heap. Kept on the main thread, each waiting batch (rows, then csv) outlived a young
 * collection or two, was promoted, and the main heap grew by ~150 MB of dead batches between full collections.
 */
export class PreparePool {
  readonly size: number;
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, { resolve: (res: PrepareResponse) => void; reject: (e: Error) => void }>();
  private seq = 0;
  private next = 0;

  constructor(size?: number) {
    const env = Number(process.env.LEADFLOW_IMPORT_WORKERS);
    this.size = size ?? (Number.isInteger(env) && env >= 0 ? env : Math.max(1, Math.min(3, availableParallelism() - 1)));
  }

  private worker(): Worker {
    if (this.workers.length < this.size) {
      // Bounded: the thread collects as it goes instead of growing (RSS budget of an import: 512 MB). The young
      // generation holds about a batch, so most of a batch dies young instead of being promoted and marked.
      const w = new Worker(new URL("./import-prepare.worker.mjs", import.meta.url), {
        resourceLimits: { maxOldGenerationSizeMb: 160, maxYoungGenerationSizeMb: 48 },
      });
      w.on("message", (res: PrepareResponse) => {
        const p = this.pending.get(res.id);
        this.pending.delete(res.id);
        if ("error" in res) p?.reject(new Error(res.error));
        else p?.resolve(res);
      });
      w.on("error", (e) => this.failAll(e));
      w.unref();
      this.workers.push(w);
      return w;
    }
    return this.workers[this.next++ % this.workers.length]!;
  }

  private failAll(e: Error) {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  batch(): PendingBatch {
    if (this.size === 0) return inlineBatch();
    const id = ++this.seq;
    const worker = this.worker();
    const ask = (msg: PrepareMessage) =>
      new Promise<PrepareResponse>((resolve, reject) => {
        this.pending.set(id, { resolve, reject });
        worker.postMessage(msg);
      });
    return {
      add: (rows) => worker.postMessage({ type: "rows", id, rows } satisfies PrepareMessage),
      finish: async (req) => {
        await ask({ type: "prepare", id, ...req });
        return { take: async () => ((await ask({ type: "take", id })) as { csv: string[] }).csv };
      },
    };
  }

  async close(): Promise<void> {
    this.failAll(new Error("The prepare pool was closed."));
    await Promise.all(this.workers.splice(0).map((w) => w.terminate()));
  }
}

/** LEADFLOW_IMPORT_WORKERS=0: everything on the calling thread. */
function inlineBatch(): PendingBatch {
  const rows: ParsedRow[] = [];
  return {
    add: (chunk) => {
      for (const r of chunk) rows.push(r);
    },
    finish: async (req) => {
      const csv = stagingCsv(req.importId, req.batch, prepareBatch(rows, req.plan, { ignoreTemplate: req.ignoreTemplate }).rows);
      return { take: async () => csv };
    },
  };
}
