/** What campaigns pick a route or a pool from. */
export { poolsQuery } from "./api/pools.api";
export { routesQuery } from "./api/routes.api";
export { senderOptionsQuery, useCarrierGroups, useSenderOptions } from "./api/sender-options.api";
