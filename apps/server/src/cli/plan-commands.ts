import type { Plan } from "@leadflow/contracts";
import type { Db } from "@leadflow/db";
import { AppError, findPlan, findUserByEmail, listPlans, setSetting, setTeamPlan } from "@leadflow/domain";

/** The platform's plan commands: the price list, a team's plan, the plan registrations get. */
export type PlanCommand =
  | { name: "plans" }
  | { name: "team.plan"; team: string; plan: string }
  | { name: "settings.default-plan"; plan: string };

const count = new Intl.NumberFormat("en-US");
const limit = (n: number | null) => (n === null ? "unlimited" : count.format(n));
const price = (p: Plan) => `₴${count.format(p.price_uah)} / month`;

/** The price list as a table, one plan a line. */
export function planTable(plans: Plan[]): string {
  const head = ["key", "name", "price", "leads", "audiences", "sources", "lists", "free SMS", "alpha names", "short-URL domains"];
  const lines = plans.map((p) => [
    p.key,
    p.name,
    price(p),
    limit(p.limits.leads),
    limit(p.limits.audiences),
    limit(p.limits.sources),
    limit(p.limits.lists),
    count.format(p.limits.free_sms),
    limit(p.limits.alpha_names),
    p.limits.manage_short_url_domains ? "yes" : "no",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  return [head, ...lines]
    .map((cells) =>
      cells
        .map((c, i) => c.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** A team by its id, or by the email of one of its users. */
async function teamOf(db: Db, idOrEmail: string): Promise<number> {
  if (/^\d+$/.test(idOrEmail)) return Number(idOrEmail);
  const user = await findUserByEmail(db, idOrEmail);
  if (!user) throw new AppError("user_not_found", `No user with the email ${idOrEmail}.`);
  return user.team_id;
}

export async function runPlanCommand(db: Db, cmd: PlanCommand): Promise<string> {
  switch (cmd.name) {
    case "plans":
      return planTable((await listPlans(db)).data);
    case "team.plan": {
      const teamId = await teamOf(db, cmd.team);
      const plan = await setTeamPlan(db, teamId, cmd.plan);
      return `Team ${teamId} is on ${plan.name} (${price(plan)}), with ${count.format(plan.limits.free_sms)} free SMS left.`;
    }
    case "settings.default-plan": {
      const plan = await findPlan(db, cmd.plan);
      await setSetting(db, "default_plan", plan.key);
      return `New registrations get the ${plan.name} plan.`;
    }
  }
}
