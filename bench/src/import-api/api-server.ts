import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "@leadflow/db";
import { loadConfig } from "../../../apps/server/src/config";
import { buildApp } from "../../../apps/server/src/http/app";
import { benchDir } from "../lead-files/file-cache";

/**
 * The real HTTP app (routes, validation, auth, rate limits, error mapping) on 127.0.0.1 and a free port, without
 * the web app; jobs and live events go nowhere (the import API answers without them).
 */
export async function startApiServer(database: Database): Promise<{ url: string; close(): Promise<void> }> {
  const dataDir = join(benchDir, `api-${process.pid}`);
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({ LEADFLOW_DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  const { app } = await buildApp(
    {
      database,
      config,
      jobs: { send: async () => null },
      live: { toUser: async () => undefined, toTeam: async () => undefined },
      liveSecret: "bench",
    },
    { serveWeb: false },
  );
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  return {
    url: address,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
