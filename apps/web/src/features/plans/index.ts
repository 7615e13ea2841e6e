export { planKeys, plansQuery, teamPlanQuery } from "./api/plans.api";
export { PlanCard } from "./components/plan-card";
export { PlanMenuItem } from "./components/plan-menu-item";
