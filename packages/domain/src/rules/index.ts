export * from "./rules.service";
