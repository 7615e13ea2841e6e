export * from "./balance";
export * from "./holds";
export * from "./prices";
