/*
 * The feature's test surface (docs/architecture.md, Features meet through their index): testkits for tests, benchmarks
 * and other features' testkits. Production code imports the feature's index, never this entry.
 */
export * from "./demo-recount.testkit";
