import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // PGlite is CPU-bound WASM; two cores serve two test files at a time best.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts", "apps/server/test/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          // The texts, registered as main.tsx registers them: lib/i18n names no feature, so it cannot load them itself.
          setupFiles: ["apps/web/src/app/i18n/register.ts"],
        },
      },
    ],
  },
});
