// Starts a fresh Leadflow for the browser flows: a new embedded data dir, or a new PostgreSQL database when
// TEST_DATABASE_URL is set. Prints nothing of its own; Playwright waits for /api/health.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const port = process.env.E2E_PORT ?? "3310";
const dataDir = mkdtempSync(join(tmpdir(), "leadflow-e2e-"));
const env = {
  ...process.env,
  PORT: port,
  LEADFLOW_DATA_DIR: dataDir,
  APP_URL: `http://127.0.0.1:${port}`,
  LEADFLOW_AUTH_RATE_LIMIT: "200",
  // The flows reach the server as through a reverse proxy on loopback: X-Forwarded-For says where a click came from.
  TRUST_PROXY: "127.0.0.1",
};
delete env.DATABASE_URL;

if (process.env.TEST_DATABASE_URL) {
  const name = `leadflow_e2e_${Date.now()}`;
  const r = spawnSync("psql", [process.env.TEST_DATABASE_URL, "-qc", `CREATE DATABASE ${name}`], { stdio: "inherit" });
  if (r.status !== 0) process.exit(1);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
}
// The flows run CLI commands against the same install: tell them where it is.
writeFileSync(join(root, "e2e/.server-env.json"), JSON.stringify({ LEADFLOW_DATA_DIR: dataDir, DATABASE_URL: env.DATABASE_URL ?? "" }));

const child = spawn(process.execPath, ["--import", "tsx", join(root, "apps/server/src/cli/main.ts"), "start"], {
  cwd: root,
  env,
  stdio: "inherit",
});
const stop = () => child.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => process.exit(code ?? 0));
