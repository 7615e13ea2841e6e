export * from "./attributes.service";
