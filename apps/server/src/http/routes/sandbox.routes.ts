import { IdParam, SandboxInboundResult, SimulateSandboxInbound } from "@leadflow/contracts";
import { hitRateLimit, simulateSandboxInbound } from "@leadflow/domain";
import { providerOptionsFromEnv } from "@leadflow/domain/providers/provider-factory";
import type { App, AppDeps } from "../types";

/** Each simulated reply is an inbox row: a team gets a person's pace, not a flood. */
const SIMULATE_RATE = { limit: 60, windowSeconds: 60 };

/** The sandbox's simulated inbound reply (docs/providers.md, "Sandbox senders"). */
export async function sandboxRoutes(app: App, { database, config }: AppDeps) {
  const db = database.db;
  const env = { publicUrl: config.appUrl.replace(/\/+$/, ""), providerOptions: providerOptionsFromEnv(process.env) };
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
      return simulateSandboxInbound(db, req.auth, req.params.id, req.body, env);
    },
  );
}
