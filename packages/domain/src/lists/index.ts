export * from "./lists.service";
