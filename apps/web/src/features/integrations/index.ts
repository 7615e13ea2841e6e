export { useGatewayOptions } from "./api/gateways.api";
