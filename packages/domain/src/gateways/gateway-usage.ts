import { sql } from "drizzle-orm";
import { AppError } from "../shared/errors";
import { type DbOrTx, rows } from "../shared/rows";

interface UsageRow {
  kind: "route" | "pool";
  name: string;
}

/** `"A"`, `"A" and "B"`, `"A", "B" and 3 more`. */
function names(found: readonly string[]): string {
  const quoted = found.slice(0, 3).map((n) => `"${n}"`);
  const more = found.length - quoted.length;
  if (more > 0) return `${quoted.join(", ")} and ${more} more`;
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}` : (quoted[0] ?? "");
}

/**
 * Routes and pools keep their gateway (ON DELETE RESTRICT): deleting a gateway one of them sends through is a 422
 * that names them, so the team moves them to another gateway first rather than finding a campaign without a sender.
 * Any team's routes count (a platform gateway is shared); only the caller's own are named, the rest are counted.
 */
export async function assertGatewayUnused(tx: DbOrTx, teamId: number, gatewayId: number): Promise<void> {
  const used = await rows<UsageRow & { own: boolean }>(
    tx,
    sql`SELECT 'route' AS kind, r.name, r.team_id = ${teamId} AS own FROM campaign_routes r
          WHERE r.gateway_id = ${gatewayId}
           OR EXISTS (SELECT 1 FROM campaign_route_groups rg WHERE rg.route_id = r.id AND rg.gateway_id = ${gatewayId})
        UNION ALL
        SELECT 'pool', p.name, p.team_id = ${teamId} FROM campaign_pools p
          WHERE EXISTS (SELECT 1 FROM campaign_pool_senders ps WHERE ps.pool_id = p.id AND ps.gateway_id = ${gatewayId})
        ORDER BY 1 DESC, 2`,
  );
  if (used.length === 0) return;
  const own = used.filter((u) => u.own);
  const routes = own.filter((u) => u.kind === "route").map((u) => u.name);
  const pools = own.filter((u) => u.kind === "pool").map((u) => u.name);
  const parts = [
    routes.length ? `${routes.length === 1 ? "route" : "routes"} ${names(routes)}` : "",
    pools.length ? `${pools.length === 1 ? "pool" : "pools"} ${names(pools)}` : "",
    used.length > own.length ? "campaign settings of other teams" : "",
  ].filter(Boolean);
  throw new AppError(
    "gateway_in_use",
    `This integration is used by ${parts.join(" and ")}. Move them to another gateway first, then delete it.`,
  );
}
