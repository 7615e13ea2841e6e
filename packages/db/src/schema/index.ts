export * from "./accounts";
export * from "./billing";
export * from "./imports";
export * from "./leads";
export * from "./lookups";
export * from "./processes";
export * from "./sources";
