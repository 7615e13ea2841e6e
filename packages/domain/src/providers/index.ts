export * from "./provider-factory";
export * from "./provider-types";
export * from "./provider-urls";
export * from "./sandbox.adapters";
