export * from "./api-key-auth";
export * from "./import-lists.service";
export * from "./public-import.service";
export * from "./public-import-call";
export { insertStagedRows } from "./staged-rows";
