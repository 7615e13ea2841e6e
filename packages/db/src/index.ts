export * from "./bulk-copy";
export * from "./open-db";
export * as schema from "./schema/index";
export * from "./session-lock";
