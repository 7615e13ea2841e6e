import { defineConfig } from "@playwright/test";

const port = process.env.E2E_PORT ?? "3310";

export default defineConfig({
  testDir: "./flows",
  // A flow's whole budget, not a speed claim: a busy 2-core machine (CI beside other work) must not fail it.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // CI retries a failed flow once, and the run ends with a list of the flows that needed it (flaky-reporter.ts).
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["./flaky-reporter.ts"]],
  outputDir: "../test-results",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
    },
  },
  webServer: {
    command: "node e2e/start-server.mjs",
    cwd: "..",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { E2E_PORT: port },
    // A stop the server hears, so start-server.mjs can drop its database and data dir once it has stopped.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
