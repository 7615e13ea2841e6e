/*
 * Fake provider servers for tests and benchmarks: import from "@leadflow/domain/providers/fakes/index", not from
 * the package root, so production code never loads them.
 */
export * from "./fake-blacklist-alliance";
export * from "./fake-commio";
export * from "./fake-d7";
export * from "./fake-fcc-rnd";
export * from "./fake-flowroute";
export * from "./fake-generic-http";
export * from "./fake-jornaya";
export * from "./fake-messagebird";
export * from "./fake-oversight";
export * from "./fake-server";
export * from "./fake-ses";
export * from "./fake-smsto";
export * from "./fake-sns";
export * from "./fake-subscriber-verify";
export * from "./fake-teli";
export * from "./fake-telnyx";
export * from "./fake-trustedform";
export * from "./fake-twilio";
export * from "./fake-twilio-messaging";
export * from "./fake-vonage";
export * from "./fake-zerobounce";
