import type { TeamRole } from "@leadflow/contracts";

/** Who is asking: every domain call is scoped to this team. */
export interface TeamCtx {
  teamId: number;
  userId: number;
  role: TeamRole;
}
