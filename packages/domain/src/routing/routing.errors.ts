import { RoutingLimits } from "@leadflow/contracts";
import type { ErrorMap } from "../shared/error-map";

export const routingErrors = {
  route_not_found: { status: 404, message: "Route not found." },
  pool_not_found: { status: 404, message: "Pool not found." },
  route_limit_reached: { status: 422, message: `A team can have at most ${RoutingLimits.routes} campaign routes.` },
  pool_limit_reached: { status: 422, message: `A team can have at most ${RoutingLimits.pools} campaign pools.` },
  /** Field errors of a route or pool the contract let through (a sender the gateway does not have…): `errors` says which. */
  routing_invalid: { status: 422, message: "The given data was invalid." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    routing: typeof routingErrors;
  }
}
