export * from "./processes.service";
