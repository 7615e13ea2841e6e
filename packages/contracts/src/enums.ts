export const Industries = {
  1: "Fintech",
  2: "Insurance",
  3: "Home Improvement",
  4: "SAAS",
  5: "Lead Generation",
  6: "Travel",
  7: "E-commerce",
  8: "Other",
} as const satisfies Record<number, string>;
export type IndustryId = keyof typeof Industries;

export const TeamRoles = ["team_admin", "team_operator"] as const;
export type TeamRole = (typeof TeamRoles)[number];
export const TeamRoleLabels = { team_admin: "Admin", team_operator: "Operator" } as const satisfies Record<TeamRole, string>;

export const SourceStatuses = ["pending", "active", "inactive"] as const;
export type SourceStatus = (typeof SourceStatuses)[number];
export const ListStatuses = ["active", "inactive"] as const;
export type ListStatus = (typeof ListStatuses)[number];

export const UserStatuses = ["pending", "active", "blocked"] as const;
export type UserStatus = (typeof UserStatuses)[number];

export function assertNever(x: never): never {
  throw new Error(`Unexpected value: ${String(x)}`);
}
