export * from "./plan-limits";
export * from "./plans.queries";
export * from "./plans.service";
