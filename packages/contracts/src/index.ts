export * from "./auth";
export * from "./common";
export * from "./enums";
export * from "./imports";
export * from "./live";
export * from "./processes";
export * from "./settings";
export * from "./sources";
