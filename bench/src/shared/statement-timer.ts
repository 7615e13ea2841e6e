import { performance } from "node:perf_hooks";
import type { Db } from "@leadflow/db";
import type { SQL } from "drizzle-orm";

/*
 * Where a domain function's time goes, statement by statement: a proxy over its Db (and over the transactions it
 * opens) that times every `execute` under the statement's first words. B8 reads the planner's steps from it — the
 * insert, the zone pass, the window pass — so a slow plan names its slow statement.
 */

export interface StatementTime {
  statement: string;
  n: number;
  ms: number;
}

export function statementTimer(db: Db): { db: Db; times(): StatementTime[] } {
  const dialect = (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string } } }).dialect;
  const spent = new Map<string, { n: number; ms: number }>();
  const timedExecute =
    (target: { execute(q: SQL): Promise<unknown> }) =>
    async (q: SQL): Promise<unknown> => {
      const words = dialect.sqlToQuery(q).sql.replace(/\s+/g, " ").trim().slice(0, 70);
      const t = performance.now();
      try {
        return await target.execute(q);
      } finally {
        const s = spent.get(words) ?? { n: 0, ms: 0 };
        s.n++;
        s.ms += performance.now() - t;
        spent.set(words, s);
      }
    };
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, prop, receiver) {
        if (prop === "execute") return timedExecute(t as unknown as { execute(q: SQL): Promise<unknown> });
        if (prop === "transaction")
          return (fn: (tx: unknown) => Promise<unknown>, config?: unknown) =>
            (t as unknown as Db).transaction((tx) => fn(wrap(tx)), config as never);
        const v = Reflect.get(t, prop, receiver);
        return typeof v === "function" ? v.bind(t) : v;
      },
    });
  return {
    db: wrap(db),
    times: () =>
      [...spent.entries()].map(([statement, s]) => ({ statement, n: s.n, ms: Math.round(s.ms * 10) / 10 })).sort((a, b) => b.ms - a.ms),
  };
}
