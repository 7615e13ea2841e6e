// Builds the web app when it is missing or older than its sources, so `npm start` serves the current UI.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const built = join(root, "apps/web/dist/index.html");

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = Math.max(newest(join(root, "apps/web")), newest(join(root, "packages/contracts/src")));
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log("[leadflow] building the web app…");
  const r = spawnSync("npm", ["run", "build", "-w", "@leadflow/web"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
