// Starts a fresh Leadflow for the browser flows: a new embedded data dir, or a new PostgreSQL database when
// TEST_DATABASE_URL is set; both are removed when the server has stopped. Prints nothing of its own; Playwright
// waits for /api/health.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
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

const admin = process.env.TEST_DATABASE_URL;
const psql = (...args) => spawnSync("psql", [admin, ...args], { encoding: "utf8" });
const dropDatabase = (name) => psql("-qc", `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
};

// The database is named after this process, so a run killed before it could drop its own is dropped here, by the
// next run, once its process is gone.
const database = admin ? `leadflow_e2e_${process.pid}_${Date.now()}` : null;
if (database) {
  const listed = psql("-Atc", "SELECT datname FROM pg_database WHERE datname LIKE 'leadflow\\_e2e\\_%'");
  for (const name of listed.stdout.split("\n").filter(Boolean)) {
    const pid = Number(name.split("_")[2]);
    if (!Number.isSafeInteger(pid) || pid > 4_194_304 || !alive(pid)) dropDatabase(name);
  }
  const created = psql("-qc", `CREATE DATABASE ${database}`);
  if (created.status !== 0) {
    process.stderr.write(created.stderr);
    process.exit(1);
  }
  const url = new URL(admin);
  url.pathname = `/${database}`;
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
child.on("exit", (code) => {
  if (database) dropDatabase(database);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
