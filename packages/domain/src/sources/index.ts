export * from "./aggregations.sql";
export * from "./source-counters";
export * from "./sources.service";
