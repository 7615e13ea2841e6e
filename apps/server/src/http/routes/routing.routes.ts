import {
  CampaignPool,
  CampaignPoolList,
  CampaignPoolSaved,
  CampaignRoute,
  CampaignRouteList,
  CampaignRouteSaved,
  CarrierGroupList,
  GatewaySenderOptionsList,
  RoutingMessages,
  SavePool,
  SaveRoute,
} from "@leadflow/contracts";
import {
  createPool,
  createRoute,
  deletePool,
  deleteRoute,
  getPool,
  getRoute,
  listCarrierGroups,
  listPools,
  listRoutes,
  smsSenderOptions,
  updatePool,
  updateRoute,
} from "@leadflow/domain";
import { z } from "zod";
import { entityRoutes } from "../entity-routes";
import type { App, AppDeps } from "../types";

const tags = ["Campaign routing"];
const OneRoute = z.object({ data: CampaignRoute });
const OnePool = z.object({ data: CampaignPool });

/** Settings → Campaign Routes and Campaign Pools, and what their dialogs pick from. */
export async function routingRoutes(app: App, { database }: AppDeps) {
  const db = database.db;

  app.get(
    "/api/carrier-groups",
    { schema: { tags, summary: "Carrier groups a route can send by", response: { 200: CarrierGroupList } } },
    () => listCarrierGroups(db),
  );
  // Beside /api/gateways/options: the SMS gateways a route or pool can use, with their numbers and pools.
  app.get(
    "/api/gateways/sms/sender-options",
    {
      schema: {
        tags,
        summary: "Active SMS gateways (own and default) with their numbers (from) and provider-side pools",
        response: { 200: GatewaySenderOptionsList },
      },
    },
    async (req) => ({ data: await smsSenderOptions(db, req.auth) }),
  );

  entityRoutes(app, {
    path: "/api/routes",
    tags,
    schemas: { save: SaveRoute, list: CampaignRouteList, one: OneRoute, saved: CampaignRouteSaved },
    summaries: {
      list: "The team's routes (at most 100, no paging)",
      create: "Create a route",
      one: "One route",
      update: "Update a route (its groups are replaced)",
      delete: "Delete a route",
    },
    messages: { created: RoutingMessages.routeCreated, updated: RoutingMessages.routeUpdated, deleted: RoutingMessages.routeDeleted },
    list: (auth) => listRoutes(db, auth),
    create: (auth, body) => createRoute(db, auth, body),
    one: async (auth, id) => ({ data: await getRoute(db, auth, id) }),
    update: (auth, id, body) => updateRoute(db, auth, id, body),
    remove: (auth, id) => deleteRoute(db, auth, id),
  });

  entityRoutes(app, {
    path: "/api/pools",
    tags,
    schemas: { save: SavePool, list: CampaignPoolList, one: OnePool, saved: CampaignPoolSaved },
    summaries: {
      list: "The team's pools (at most 100, no paging)",
      create: "Create a pool",
      one: "One pool",
      update: "Update a pool (its senders are replaced)",
      delete: "Delete a pool",
    },
    messages: { created: RoutingMessages.poolCreated, updated: RoutingMessages.poolUpdated, deleted: RoutingMessages.poolDeleted },
    list: (auth) => listPools(db, auth),
    create: (auth, body) => createPool(db, auth, body),
    one: async (auth, id) => ({ data: await getPool(db, auth, id) }),
    update: (auth, id, body) => updatePool(db, auth, id, body),
    remove: (auth, id) => deletePool(db, auth, id),
  });
}
