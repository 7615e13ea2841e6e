import { IdParam, SandboxInboundResult, SimulateSandboxInbound } from "@leadflow/contracts";
import { hitRateLimit, simulateSandboxInbound, wakeDispatchers } from "@leadflow/domain";
import { hookEnv } from "../hook-env";
import type { App, AppDeps } from "../types";

/** Each simulated reply is an inbox row: a team gets a person's pace, not a flood. */
const SIMULATE_RATE = { limit: 60, windowSeconds: 60 };

/** The sandbox's simulated inbound reply (docs/providers.md, "Sandbox senders"). */
export async function sandboxRoutes(app: App, { database, config, jobs, live }: AppDeps) {
  const db = database.db;
  const env = hookEnv(config, live);
  app.post(
    "/api/gateways/:id/sandbox/inbound",
    {
      schema: {
        tags: ["Integrations"],
        summary: "Simulate an inbound SMS on one of the team's sandbox SMS gateways (stored like a provider's reply)",
        params: IdParam,
        body: SimulateSandboxInbound,
        response: { 200: SandboxInboundResult },
      },
    },
    async (req) => {
      await hitRateLimit(db, `sandbox-inbound:${req.auth.teamId}`, SIMULATE_RATE);
      const result = await simulateSandboxInbound(db, req.auth, req.params.id, req.body, env);
      // Applied as a provider's reply is (a STOP suppresses before this answers); its confirmation leaves through the
      // gateway's dispatcher, woken now.
      await wakeDispatchers(jobs, [req.params.id]).catch(() => null);
      return result;
    },
  );
}
