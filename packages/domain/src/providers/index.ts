export * from "./provider-factory";
export * from "./provider-types";
export * from "./provider-urls";
export * from "./sandbox.adapters";
export * from "./sandbox-callbacks";
export { sandboxInboundCallback } from "./sandbox-send.adapters";
export * from "./send-factory";
export * from "./send-types";
