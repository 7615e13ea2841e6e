import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { type ColumnPlan, prepareBatch } from "./import-rows";
import type { ParsedRow } from "./parsers";
import { stagingCsv } from "./staging-csv";

export interface PrepareRequest {
  id: number;
  importId: number;
  batch: number;
  rows: ParsedRow[];
  plan: ColumnPlan[];
  ignoreTemplate: string[];
}
export type PrepareResponse = { id: number; csv: string } | { id: number; error: string };

/**
 * Normalising phones is the CPU-heavy part of an import (libphonenumber's full metadata), so batches are
 * prepared on worker threads while the main thread parses, copies and merges. `size` 0 prepares inline
 * (LEADFLOW_IMPORT_WORKERS overrides; by default one thread per spare core, at most three).
 */
export class PreparePool {
  readonly size: number;
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, { resolve: (csv: string) => void; reject: (e: Error) => void }>();
  private seq = 0;
  private next = 0;

  constructor(size?: number) {
    const env = Number(process.env.LEADFLOW_IMPORT_WORKERS);
    this.size = size ?? (Number.isInteger(env) && env >= 0 ? env : Math.max(1, Math.min(3, availableParallelism() - 1)));
  }

  private worker(): Worker {
    if (this.workers.length < this.size) {
      // A bounded heap makes the thread collect as it goes instead of growing (RSS budget of an import: 512 MB).
      const w = new Worker(new URL("./import-prepare.worker.mjs", import.meta.url), {
        resourceLimits: { maxOldGenerationSizeMb: 160, maxYoungGenerationSizeMb: 16 },
      });
      w.on("message", (res: PrepareResponse) => {
        const p = this.pending.get(res.id);
        this.pending.delete(res.id);
        if ("error" in res) p?.reject(new Error(res.error));
        else p?.resolve(res.csv);
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

  /** The staging csv of one batch. */
  prepare(req: Omit<PrepareRequest, "id">): Promise<string> {
    if (this.size === 0) {
      return Promise.resolve(
        stagingCsv(req.importId, req.batch, prepareBatch(req.rows, req.plan, { ignoreTemplate: req.ignoreTemplate }).rows),
      );
    }
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker().postMessage({ ...req, id });
    });
  }

  async close(): Promise<void> {
    this.failAll(new Error("The prepare pool was closed."));
    await Promise.all(this.workers.splice(0).map((w) => w.terminate()));
  }
}
