export * from "./email-senders";
export { ownGatewayRow } from "./gateway-rows";
export * from "./gateway-run";
export * from "./gateway-secrets";
export * from "./gateways.service";
export * from "./sender-options";
