import type { User } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { type DbOrTx, iso, one } from "../shared/rows";

export interface UserRow {
  id: number;
  team_id: number;
  team_name: string;
  name: string;
  email: string;
  phone_number: string | null;
  industry: number | null;
  password_hash: string | null;
  role: "team_admin" | "team_operator";
  is_admin: boolean;
  language: string;
  email_verified_at: string | null;
  blocked_at: string | null;
  last_seen_at: string | null;
  created_at: string;
}

const userSelect = sql`SELECT u.*, t.name AS team_name FROM users u JOIN teams t ON t.id = u.team_id`;

export const findUserByEmail = (db: DbOrTx, email: string) =>
  one<UserRow>(db, sql`${userSelect} WHERE lower(u.email) = lower(${email.trim()})`);

export const findUserById = (db: DbOrTx, id: number) => one<UserRow>(db, sql`${userSelect} WHERE u.id = ${id}`);

export function userStatus(u: Pick<UserRow, "email_verified_at" | "blocked_at">): User["status"] {
  if (u.blocked_at) return "blocked";
  return u.email_verified_at ? "active" : "pending";
}

export function presentUser(u: UserRow): User {
  return {
    id: u.id,
    team_id: u.team_id,
    name: u.name,
    email: u.email,
    phone_number: u.phone_number,
    industry: u.industry,
    email_verified_at: iso(u.email_verified_at),
    roles: [u.role],
    status: userStatus(u),
    language: u.language,
    is_admin: u.is_admin,
    team: { id: u.team_id, name: u.team_name },
    created_at: iso(u.created_at)!,
  };
}
