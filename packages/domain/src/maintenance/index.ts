export * from "./maintenance.jobs";
