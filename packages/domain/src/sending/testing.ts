/*
 * The feature's test surface (docs/architecture.md, Features meet through their index): testkits for tests, benchmarks
 * and other features' testkits. Production code imports the feature's index, never this entry.
 */
/** The claim itself, for tests that watch what a dispatcher would take. */
export { claimDue } from "./dispatch/dispatch-claim";
export * from "./outcomes/apply-events.testkit";
export * from "./plan/plan.testkit";
