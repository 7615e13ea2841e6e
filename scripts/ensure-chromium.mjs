// Browser flows run in Debian's Chromium. Install it with apt when missing and we are root; else say how.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(path)) {
  if (process.getuid?.() === 0) {
    console.log("[leadflow] installing Debian chromium for the browser flows…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update", "-q"], { stdio: "inherit", env });
    const install = spawnSync("apt-get", ["install", "-y", "-q", "chromium"], { stdio: "inherit", env });
    if (update.status !== 0 || install.status !== 0 || !existsSync(path)) {
      console.error("Could not install chromium with apt-get. Install it (apt-get install chromium) and run the tests again.");
      process.exit(1);
    }
  } else {
    console.error(
      `Chromium is missing at ${path}: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH), then run the tests again.`,
    );
    process.exit(1);
  }
}
