import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // A test's whole budget, not a speed claim (speed lives in the benchmarks): a 2-core machine with a CPU-bound
    // process on each core runs an integration test several times slower than idle, and must not fail it for that.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: "forks",
    // PGlite is CPU-bound WASM; two cores serve two test files at a time best.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts", "apps/server/test/**/*.test.ts"],
          // Every feature's error map, registered as importing the domain registers them: a test that imports one
          // module alone still gets each code's status and message.
          setupFiles: ["packages/domain/src/app-errors.ts"],
        },
      },
      // With PostgreSQL as the test database, the server's tests run once more on the embedded default, in the same
      // run (its workers kept busy to the end, one start-up instead of two).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: "server-pglite",
                include: ["apps/server/test/**/*.test.ts"],
                setupFiles: ["packages/domain/src/app-errors.ts"],
                env: { TEST_DATABASE_URL: "" },
              },
            },
          ]
        : []),
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
