export { type CarrierGroupRule, carrierGroupFor, carrierGroupRules, listCarrierGroups } from "./carrier-groups";
export * from "./pools.service";
export * from "./routes.service";
