export * from "./accounts";
export * from "./processes";
export * from "./sources";
