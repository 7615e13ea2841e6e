import { PlanList, TeamPlan } from "@leadflow/contracts";
import { listPlans, teamPlan } from "@leadflow/domain";
import type { App, AppDeps } from "../types";

export async function plansRoutes(app: App, { database }: AppDeps) {
  const db = database.db;
  const tags = ["Plans"];
  app.get("/api/plan", { schema: { tags, summary: "The team's plan, its limits and usage", response: { 200: TeamPlan } } }, (req) =>
    teamPlan(db, req.auth.teamId),
  );
  app.get("/api/plans", { schema: { tags, summary: "The price list: every plan and its limits", response: { 200: PlanList } } }, () =>
    listPlans(db),
  );
}
