import type { TeamUser } from "@leadflow/contracts";

export const teamStatusColor = { active: "success", pending: "warning", blocked: "error" } as const satisfies Record<
  TeamUser["status"],
  "success" | "warning" | "error"
>;
