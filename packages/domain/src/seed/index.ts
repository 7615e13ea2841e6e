export * from "./demo.seed";
