/*
 * Fake provider servers for tests and benchmarks: import from "@leadflow/domain/providers/fakes/index", not from
 * the package root, so production code never loads them.
 */
export * from "./fake-blacklist-alliance";
export * from "./fake-oversight";
export * from "./fake-server";
export * from "./fake-ses";
export * from "./fake-subscriber-verify";
export * from "./fake-twilio";
export * from "./fake-zerobounce";
