import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { record } from "./report";

/** B13 (first part): the JavaScript a browser must load before the first screen — index.html's scripts and preloads. */
export async function webBundle(): Promise<void> {
  const dist = join(import.meta.dirname, "../../apps/web/dist");
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const all = files.map((f) => readFileSync(join(dist, f)));
  const gzip = all.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
  const raw = all.reduce((n, b) => n + b.length, 0);
  record({
    id: "B13a",
    what: "web app initial JS (gzip)",
    backend: "-",
    ours: `${(gzip / 1024).toFixed(0)} KB gzip (${(raw / 1024).toFixed(0)} KB raw, ${files.length} files)`,
    baseline: "budget 300 KB gzip",
    ratio: `${((gzip / 1024 / 300) * 100).toFixed(0)}% of budget`,
    goal: "≤ 300 KB gzip",
    command: "npm run build && npm run bench -- B13a",
  });
}
