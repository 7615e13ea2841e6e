import { type ChildProcess, spawn } from "node:child_process";
import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { dispatchJob, planFirstStep } from "@leadflow/domain";
import { sendingTestkit } from "@leadflow/domain/sending/plan/plan.testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJobQueue, type JobQueue } from "../src/jobs/queue";
import { jobRegistry } from "../src/jobs/registry";

/*
 * Leadership of a gateway's dispatcher moves with its process: real worker processes (the program's worker role) send
 * a campaign; the one leading the gateway is killed with SIGKILL, and another takes over long before the 60 s lease
 * could lapse (its liveness lock went with its connection); then the next leader is stopped with SIGTERM: it hands
 * nothing more to the provider, gives back what it claimed, exits cleanly, and another process leads at once. Nothing
 * is sent twice. PostgreSQL only: the embedded database lives in one process.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const LEADS = 240;
const RATE = 12;

let database: Database;
let queue: JobQueue;
const workers: { child: ChildProcess; pid: number; out: string[] }[] = [];

function startWorker(url: string) {
  const child = spawn(process.execPath, ["--import", "tsx", new URL("./fixtures/send-worker.ts", import.meta.url).pathname], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      APP_URL: "http://127.0.0.1:9",
      LEADFLOW_WORKER_NICE: "0",
      LEADFLOW_DATA_DIR: "/tmp/leadflow-leadership-test",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const w = { child, pid: child.pid!, out: [] as string[] };
  child.stdout!.setEncoding("utf8").on("data", (c: string) => w.out.push(c));
  child.stderr!.setEncoding("utf8").on("data", (c: string) => w.out.push(c));
  workers.push(w);
  return w;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false | null>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!serverUrl)("a gateway's dispatcher moves with its process (PostgreSQL: real worker processes)", () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    queue = createJobQueue(database, { log: () => undefined, registry: jobRegistry });
    await queue.start({
      work: false,
      deps: {
        database,
        live: { toUser: async () => undefined, toTeam: async () => undefined },
        mail: { driver: "outbox", from: "t@t.t" },
        log: () => undefined,
      },
    });
  });
  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill("SIGKILL");
    await queue?.stop({ graceful: false });
    await database?.close();
  });

  it("is taken over within seconds of a SIGKILL, and handed over on SIGTERM with nothing sent twice", { timeout: 240_000 }, async () => {
    const db = database.db;
    const kit = sendingTestkit(database);
    const t = await kit.setup(
      Array.from({ length: LEADS }, (_, i) => ({ phone: `+1212557${String(1000 + i)}`, timezone: "America/New_York", state: "NY" })),
    );
    await database.query("UPDATE gateways SET rate_limit = $1 WHERE id = $2", [RATE, t.sms.id]);
    const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id });
    await database.query("UPDATE campaigns SET status = 'active', is_started = true WHERE id = $1", [c.id]);
    await planFirstStep(db, c.id);
    // Due now, whatever the hour: the windows have their own tests.
    await database.query("UPDATE campaign_messages SET due_at = now(), not_after = 'infinity' WHERE campaign_id = $1", [c.id]);

    const url = database.pool!.options.connectionString!;
    const started = [startWorker(url), startWorker(url)];
    await waitFor("the workers", async () => started.every((w) => w.out.join("").includes("worker ready")), 60_000);
    await queue.sender.send(dispatchJob, { gatewayId: t.sms.id });

    const holder = async () =>
      (
        await database.query<{ owner: string | null }>(
          "SELECT lease_owner AS owner FROM send_dispatchers WHERE id = $1 AND lease_until > now()",
          [t.sms.id],
        )
      ).rows[0]?.owner ?? null;
    const pidOf = (owner: string) => Number(owner.split(":")[1]);
    const handed = async () =>
      (
        await database.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM campaign_messages WHERE campaign_id = $1 AND state NOT IN ('planned', 'claimed')",
          [c.id],
        )
      ).rows[0]!.n;

    // SIGKILL the leader mid-campaign.
    await waitFor("40 messages out", async () => (await handed()) >= 40, 60_000);
    const first = await waitFor("a leader", holder, 10_000);
    const killed = workers.find((w) => w.pid === pidOf(first))!;
    killed.child.kill("SIGKILL");
    const killedAt = Date.now();
    const second = await waitFor(
      "another process to lead",
      async () => {
        const h = await holder();
        return h && pidOf(h) !== killed.pid ? h : null;
      },
      30_000,
    );
    const takeoverMs = Date.now() - killedAt;
    // Not the lease lapsing (60 s): the dead process's liveness went with its connection.
    expect(takeoverMs).toBeLessThan(20_000);
    const afterKill = await handed();
    await waitFor("sending to go on", async () => (await handed()) > afterKill + 20, 60_000);

    // A third worker joins; the leader is told to stop.
    const third = startWorker(url);
    await waitFor("the third worker", async () => third.out.join("").includes("worker ready"), 60_000);
    const leader = workers.find((w) => w.pid === pidOf(second))!;
    const exited = new Promise<number | null>((resolve) => leader.child.once("exit", (code) => resolve(code)));
    leader.child.kill("SIGTERM");
    const termAt = Date.now();
    const next = await waitFor(
      "the next leader",
      async () => {
        const h = await holder();
        return h && h !== second ? h : null;
      },
      30_000,
    );
    expect(pidOf(next)).not.toBe(leader.pid);
    expect(await exited).toBe(0);
    const exitMs = Date.now() - termAt;
    // The stopped leader handed over nothing after it stopped, and left no row claimed.
    const late = await database.query<{ n: number; claimed: number }>(
      `SELECT count(*) FILTER (WHERE submitted_at > to_timestamp($3 / 1000.0) + interval '3 seconds')::int AS n,
              count(*) FILTER (WHERE state = 'claimed')::int AS claimed
       FROM campaign_messages WHERE campaign_id = $1 AND claimed_by = $2`,
      [c.id, second, termAt],
    );
    expect(late.rows[0]).toEqual({ n: 0, claimed: 0 });

    // Everything goes out; nothing twice (the ledger's key: one row per lead; each row handed over once at most).
    const onTheirWay = async () =>
      (
        await database.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM campaign_messages WHERE campaign_id = $1 AND state IN ('planned', 'claimed', 'submitting')",
          [c.id],
        )
      ).rows[0]!.n;
    await waitFor("the campaign's messages out", async () => (await onTheirWay()) === 0, 120_000);
    const states = await database.query<{ state: string; n: number }>(
      "SELECT state, count(*)::int AS n FROM campaign_messages WHERE campaign_id = $1 GROUP BY state ORDER BY state",
      [c.id],
    );
    const total = states.rows.reduce((n, r) => n + r.n, 0);
    expect(total).toBe(LEADS);
    // Only what the killed process may have had on the wire is unknown; everything else was accepted.
    const unknown = states.rows.find((r) => r.state === "unknown")?.n ?? 0;
    expect(unknown).toBeLessThan(20);
    expect(states.rows.filter((r) => !["accepted", "unknown"].includes(r.state))).toEqual([]);
    console.log(`leadership: takeover after SIGKILL ${takeoverMs} ms; after SIGTERM the leader exited in ${exitMs} ms`);
  });
});
