import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { type Name, type SQL, sql } from "drizzle-orm";
import { type DbOrTx, one } from "./rows";

/*
 * Long-running work (an import, a lookup job) runs under a lease on its row: `lease_owner` names the runner,
 * `lease_until` says how long its claim lasts without renewal. A second runner (a retry while a slow worker still
 * runs, the sweep) backs off while the lease lives and takes the row over once it lapses. The owner is the fence
 * token: every write only the holder may make says `lease_owner = owner`, so a runner that was taken over writes
 * nothing.
 */

/** The tables whose rows are leased; each has `team_id`, `id`, `lease_owner` and `lease_until`. */
export type LeasedTable = "imports" | "lookup_jobs" | "send_dispatchers";

export interface LeaseRef {
  table: LeasedTable;
  teamId: number;
  id: number;
}

/** Who runs it, readable in the row: host, process, and a random part that tells two runs of one process apart. */
export function newLeaseOwner(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/**
 * The advisory-lock namespace of process liveness: each process that runs dispatchers holds (this, its key) on a
 * connection of its own while it lives (docs/sending.md, Leadership).
 */
export const LIVENESS_NAMESPACE = 0x4c46;

/** The columns a released lease leaves, for a write that ends the work and frees the row in one statement. */
export const LEASE_FREED = sql`lease_owner = NULL, lease_until = NULL`;

export class Lease {
  readonly owner = newLeaseOwner();
  private readonly table: Name;

  constructor(
    private readonly ref: LeaseRef,
    readonly seconds: number,
    /**
     * The process's liveness key (`holder_key`), where the table keeps one: a lease whose holder's process is gone —
     * its liveness lock free — is taken over at once, not when it lapses. Null: no liveness (the embedded database,
     * one process only).
     */
    private readonly holderKey?: () => number | null,
  ) {
    this.table = sql.identifier(ref.table);
  }

  /** The holder's process ended (its liveness lock can be taken), checked in the claim's own statement. */
  private get holderGone(): SQL {
    if (!this.holderKey) return sql`false`;
    return sql`CASE WHEN holder_key IS NOT NULL AND holder_key IS DISTINCT FROM ${this.holderKey()}::bigint
      THEN pg_try_advisory_xact_lock(${LIVENESS_NAMESPACE}::int, holder_key::int) ELSE false END`;
  }

  /** The row, whoever holds it. */
  get row(): SQL {
    return sql`team_id = ${this.ref.teamId} AND id = ${this.ref.id}`;
  }

  /** The row while this runner holds it: the condition of every write only the holder may make. */
  get mine(): SQL {
    return sql`${this.row} AND lease_owner = ${this.owner}`;
  }

  /** `lease_until` pushed on, for a write that renews the lease as it records progress. */
  get extended(): SQL {
    return sql`lease_until = now() + make_interval(secs => ${this.seconds})`;
  }

  /**
   * Takes the row if no one holds it, its lease lapsed, or it is already this runner's (claiming again renews).
   * `set`: more columns written in the same statement; `when`: more the row must satisfy (a status). Answers the
   * `returning` columns, or undefined when another runner holds it or `when` fails.
   */
  async claim<R = { id: number }>(db: DbOrTx, opts: { set?: SQL; when?: SQL; returning?: SQL } = {}): Promise<R | undefined> {
    return one<R>(
      db,
      sql`UPDATE ${this.table} SET lease_owner = ${this.owner}, ${this.extended}${
        this.holderKey ? sql`, holder_key = ${this.holderKey()}::bigint` : sql``
      }${opts.set ? sql`, ${opts.set}` : sql``}
          WHERE ${this.row}${opts.when ? sql` AND ${opts.when}` : sql``}
            AND (lease_owner IS NULL OR lease_owner = ${this.owner} OR lease_until IS NULL OR lease_until < now() OR ${this.holderGone})
          RETURNING ${opts.returning ?? sql`id`}`,
    );
  }

  /** Pushes the lease on; false when it is no longer this runner's. */
  async renew(db: DbOrTx): Promise<boolean> {
    return (await one(db, sql`UPDATE ${this.table} SET ${this.extended} WHERE ${this.mine} RETURNING id`)) !== undefined;
  }

  /**
   * The fence, inside a transaction: whether this runner still holds the lease. Locks the row until the transaction
   * ends, so a runner taking over waits for this one's write, and two never interleave.
   */
  async holds(tx: DbOrTx): Promise<boolean> {
    return (await one(tx, sql`SELECT 1 FROM ${this.table} WHERE ${this.mine} FOR UPDATE`)) !== undefined;
  }

  /** Renews the lease every third of its length while long work waits (a slow provider); answers the stop. */
  heartbeat(db: DbOrTx): () => void {
    const timer = setInterval(() => this.renew(db).catch(() => undefined), (this.seconds * 1000) / 3);
    return () => clearInterval(timer);
  }

  /** Frees the row if it is still this runner's; `set`: more columns written with it. */
  async release(db: DbOrTx, set?: SQL): Promise<void> {
    await db.execute(sql`UPDATE ${this.table} SET ${set ? sql`${set}, ` : sql``}${LEASE_FREED} WHERE ${this.mine}`);
  }
}
