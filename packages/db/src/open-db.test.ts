import { once } from "node:events";
import { connect, createServer, type Server, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./open-db";
import { createTestDatabase } from "./testing";

describe("statements and the event loop", () => {
  let database: Database;
  let server: Server;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    server = createServer((s) => sockets.push(s));
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    server.close();
    await database.close();
  });

  const port = () => (server.address() as { port: number }).port;

  it("a connection made during a long transaction is accepted before it commits", async () => {
    const statements = 30;
    let done = 0;
    let acceptedAfter: number | null = null;
    server.once("connection", () => {
      acceptedAfter = done;
    });
    const client = connect(port(), "127.0.0.1");
    client.on("error", () => undefined);
    try {
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < statements; i++) {
          await tx.execute(sql`SELECT count(*) FROM generate_series(1, 2000)`);
          done++;
        }
      });
      // Embedded, the statements are synchronous WASM: without a turn of the event loop between them the
      // connection waits in the accept queue until the commit.
      expect(acceptedAfter).not.toBeNull();
      expect(acceptedAfter!).toBeLessThan(statements);
    } finally {
      client.destroy();
    }
  });

  it("statements outside a transaction and plain queries take turns too", async () => {
    let turns = 0;
    let on = true;
    const tick = () => {
      if (!on) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      await database.db.execute(sql`SELECT 1`);
      seen.push(turns);
      await database.query("SELECT 1");
      seen.push(turns);
    }
    on = false;
    for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThan(seen[i - 1]!);
  });
});
