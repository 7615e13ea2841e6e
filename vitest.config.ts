import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "packages/*/src/**/*.test.ts",
      "packages/*/test/**/*.test.ts",
      "apps/server/test/**/*.test.ts",
      "apps/web/src/**/*.test.{ts,tsx}",
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // PGlite is CPU-bound WASM; two cores serve two test files at a time best.
    maxWorkers: 2,
  },
});
