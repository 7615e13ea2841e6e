import type { PlanList, TeamPlan } from "@leadflow/contracts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const planKeys = {
  all: ["plans"] as const,
  team: () => [...planKeys.all, "team"] as const,
  list: () => [...planKeys.all, "list"] as const,
};

/** The team's plan and usage (the Plan card, the account menu). */
export const teamPlanQuery = () => queryOptions({ queryKey: planKeys.team(), queryFn: () => api.get<TeamPlan>("/plan") });

/** The platform's price list. */
export const plansQuery = () =>
  queryOptions({ queryKey: planKeys.list(), queryFn: () => api.get<PlanList>("/plans"), staleTime: 10 * 60_000 });
