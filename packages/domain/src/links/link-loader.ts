import type { DbOrTx } from "../shared/rows";
import { type LinkEntry, loadLinks } from "./link-queries";

/*
 * The link cache's misses, read together: codes asked for while a read is on its way, or in the same turn of the
 * event loop, go to the database as one indexed `= ANY` read, not one round trip each — in a long-tailed mix a fifth
 * of the redirects are a code seen for the first time, and one read per miss filled the pool with reads queued
 * behind each other (and behind the flushes). At most `maxInFlight` reads at once; the codes missed meanwhile wait
 * for the next, so the slower the database answers, the bigger the batch. At most `maxBatch` codes a read.
 */

interface Waiting {
  resolve: (entry: LinkEntry | null) => void;
  reject: (error: unknown) => void;
}

export class LinkLoader {
  private batch: Map<string, Waiting[]> | null = null;
  private inFlight = 0;
  /** Reads made and codes asked for, for the tests. */
  readonly stats = { reads: 0, codes: 0 };

  constructor(
    private readonly db: DbOrTx,
    private readonly maxBatch = 500,
    private readonly maxInFlight = 2,
  ) {}

  load(code: string): Promise<LinkEntry | null> {
    if (!this.batch) {
      const batch = new Map<string, Waiting[]>();
      this.batch = batch;
      // With every read slot taken, the batch leaves when one comes back.
      if (this.inFlight < this.maxInFlight) setImmediate(() => this.run(batch));
    }
    const batch = this.batch;
    return new Promise((resolve, reject) => {
      const list = batch.get(code);
      if (list) list.push({ resolve, reject });
      else batch.set(code, [{ resolve, reject }]);
      if (batch.size >= this.maxBatch) this.run(batch);
    });
  }

  private run(batch: Map<string, Waiting[]>): void {
    if (this.batch !== batch || this.inFlight >= this.maxInFlight) return;
    this.batch = null;
    this.inFlight++;
    this.stats.reads++;
    this.stats.codes += batch.size;
    loadLinks(this.db, [...batch.keys()])
      .then(
        (found) => {
          for (const [code, list] of batch) for (const w of list) w.resolve(found.get(code) ?? null);
        },
        (e) => {
          for (const list of batch.values()) for (const w of list) w.reject(e);
        },
      )
      .finally(() => {
        this.inFlight--;
        if (this.batch) this.run(this.batch);
      });
  }
}
