import { sourcesPage } from "./sources-page";
import { webBundle } from "./web-bundle";

/** `npm run bench` runs every benchmark; `npm run bench -- S1 B13a` runs those named. */
const benches: Record<string, () => Promise<void>> = { S1: sourcesPage, B13a: webBundle };

const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
for (const id of wanted.length ? wanted : Object.keys(benches)) {
  const run = benches[id];
  if (!run) {
    console.error(`Unknown benchmark ${id}. Known: ${Object.keys(benches).join(", ")}`);
    process.exit(2);
  }
  await run();
}
