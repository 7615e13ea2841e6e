#!/usr/bin/env node
// Runs the TypeScript entry through tsx, so `npx leadflow …` works like `npm run leadflow -- …`.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const entry = join(dirname(fileURLToPath(import.meta.url)), "../src/cli/main.ts");
const r = spawnSync(process.execPath, ["--import", "tsx", entry, ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(r.status ?? 1);
