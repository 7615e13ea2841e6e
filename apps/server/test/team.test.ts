import type { TeamCtx } from "@leadflow/domain";
import { hashPassword } from "@leadflow/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";

let api: Api;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api.close());

let seq = 0;
const newEmail = () => `invitee-${Date.now().toString(36)}-${++seq}@example.test`;
const PASSWORD = "Member#123";

type Req = { method: "GET" | "POST" | "PUT" | "DELETE"; url: string; token?: string; payload?: object };
const call = ({ method, url, token, payload }: Req) => api.app.inject({ method, url, payload, headers: token ? api.auth(token) : {} });
const signIn = (email: string, password: string) => call({ method: "POST", url: "/api/signin", payload: { email, password } });

/** A member who can sign in with PASSWORD. */
async function member(ctx: TeamCtx, role: "team_admin" | "team_operator" = "team_operator") {
  const m = await api.factory.member(ctx, role);
  await api.database.query("UPDATE users SET password_hash = $1 WHERE id = $2", [await hashPassword(PASSWORD), m.id]);
  return m;
}

const updateUser = (token: string, id: number, payload: object) => call({ method: "PUT", url: `/api/team/users/${id}`, token, payload });

describe("team users", () => {
  it("lets an admin list the team's users, and only them", async () => {
    const { ctx, token, email } = await api.factory.team();
    const m = await member(ctx);
    const other = await api.factory.team();
    const res = await call({ method: "GET", url: "/api/team/users", token });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { id: number; email: string; role: string; status: string }[]; meta: { total: number } };
    expect(body.data.map((u) => u.email).sort()).toEqual([email, m.email].sort());
    expect(body.meta.total).toBe(2);
    expect(body.data.find((u) => u.id === m.id)).toMatchObject({ role: "team_operator", status: "active" });
    expect(res.body).not.toContain(other.email);
    expect(res.body).not.toMatch(/password/);
  });

  it("invites an approved operator who sets a password through the mailed link and signs in", async () => {
    const { ctx, token } = await api.factory.team();
    const email = newEmail();
    const res = await call({
      method: "POST",
      url: "/api/team/users",
      token,
      payload: { name: "Olga Operator", email, role: "team_operator", team_id: ctx.teamId + 1000 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: "Olga Operator", email, role: "team_operator", status: "active" });

    const [row] = (
      await api.database.query<{ team_id: number; email_verified_at: string | null }>(
        "SELECT team_id, email_verified_at FROM users WHERE email = $1",
        [email],
      )
    ).rows;
    expect(row!.team_id).toBe(ctx.teamId);
    expect(row!.email_verified_at).not.toBeNull();

    const [mail] = (await api.database.query<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE to_address = $1", [email]))
      .rows;
    const link = /(https?:\/\/\S+\/reset-password\?\S+)/.exec(mail!.text_body)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.searchParams.get("email")).toBe(email);
    const resetToken = url.searchParams.get("token")!;

    // Not signed in before a password exists.
    expect((await signIn(email, PASSWORD)).statusCode).toBe(401);
    const set = await call({
      method: "POST",
      url: "/api/password/reset",
      payload: { token: resetToken, email, password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(set.statusCode).toBe(200);
    const signedIn = await signIn(email, PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ team_id: ctx.teamId, roles: ["team_operator"] });
  });

  it("refuses to invite an address that already has an account", async () => {
    const { token } = await api.factory.team();
    const existing = await api.factory.team();
    const res = await call({
      method: "POST",
      url: "/api/team/users",
      token,
      payload: { name: "X", email: existing.email, role: "team_admin" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toBeDefined();
  });

  it("forbids an operator to invite or update users", async () => {
    const { ctx } = await api.factory.team();
    const op = await member(ctx, "team_operator");
    const other = await member(ctx, "team_operator");
    const email = newEmail();
    const invite = await call({
      method: "POST",
      url: "/api/team/users",
      token: op.token,
      payload: { name: "N", email, role: "team_admin" },
    });
    expect(invite.statusCode).toBe(403);
    expect(invite.json().message).toBeTruthy();
    expect((await api.database.query("SELECT id FROM users WHERE email = $1", [email])).rows).toHaveLength(0);

    const promote = await updateUser(op.token, op.id, { role: "team_admin" });
    expect(promote.statusCode).toBe(403);
    const block = await updateUser(op.token, other.id, { blocked: true });
    expect(block.statusCode).toBe(403);
    const [row] = (
      await api.database.query<{ role: string; blocked_at: string | null }>("SELECT role, blocked_at FROM users WHERE id = $1", [op.id])
    ).rows;
    expect(row).toMatchObject({ role: "team_operator", blocked_at: null });
    expect((await call({ method: "GET", url: "/api/user", token: other.token })).statusCode).toBe(200);
  });

  it("blocks a user: the token stops working and sign-in says blocked; unblocking lets them back", async () => {
    const { ctx, token } = await api.factory.team();
    const m = await member(ctx);
    expect((await call({ method: "GET", url: "/api/user", token: m.token })).statusCode).toBe(200);

    const blocked = await updateUser(token, m.id, { blocked: true });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().status).toBe("blocked");
    expect((await call({ method: "GET", url: "/api/user", token: m.token })).statusCode).toBe(401);
    const refused = await signIn(m.email, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/blocked/);
    // A wrong password does not reveal the block.
    expect((await signIn(m.email, "Wrong#1234")).statusCode).toBe(401);

    const unblocked = await updateUser(token, m.id, { blocked: false });
    expect(unblocked.json().status).toBe("active");
    const back = await signIn(m.email, PASSWORD);
    expect(back.statusCode).toBe(200);
    expect((await call({ method: "GET", url: "/api/user", token: back.json().access_token })).statusCode).toBe(200);
  });

  it("changes a role", async () => {
    const { ctx, token } = await api.factory.team();
    const m = await member(ctx);
    const res = await updateUser(token, m.id, { role: "team_admin" });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe("team_admin");
    // The new admin may now manage users.
    const invite = await call({
      method: "POST",
      url: "/api/team/users",
      token: m.token,
      payload: { name: "N", email: newEmail(), role: "team_operator" },
    });
    expect(invite.statusCode).toBe(201);
  });

  it("cannot block oneself", async () => {
    const { ctx, token } = await api.factory.team();
    await member(ctx, "team_admin");
    const res = await updateUser(token, ctx.userId, { blocked: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("You cannot block yourself.");
    expect((await call({ method: "GET", url: "/api/user", token })).statusCode).toBe(200);
  });

  it("cannot demote or block the last active admin", async () => {
    const { ctx, token } = await api.factory.team();
    const demoteSelf = await updateUser(token, ctx.userId, { role: "team_operator" });
    expect(demoteSelf.statusCode).toBe(422);
    expect(demoteSelf.json().message).toBe("A team needs at least one active admin.");

    // With a second admin who is blocked, the first one is still the last active admin.
    const second = await member(ctx, "team_admin");
    expect((await updateUser(token, second.id, { blocked: true })).statusCode).toBe(200);
    expect((await updateUser(token, ctx.userId, { role: "team_operator" })).statusCode).toBe(422);
    const [row] = (await api.database.query<{ role: string }>("SELECT role FROM users WHERE id = $1", [ctx.userId])).rows;
    expect(row!.role).toBe("team_admin");

    // Once the second admin is active again, the first may step down.
    expect((await updateUser(token, second.id, { blocked: false })).statusCode).toBe(200);
    expect((await updateUser(token, ctx.userId, { role: "team_operator" })).statusCode).toBe(200);
  });

  it("answers 404 for a user of another team and changes nothing", async () => {
    const a = await api.factory.team();
    const b = await api.factory.team();
    const bMember = await member(b.ctx);
    for (const payload of [{ blocked: true }, { role: "team_admin" }]) {
      const res = await updateUser(a.token, bMember.id, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("User not found.");
    }
    const [row] = (
      await api.database.query<{ role: string; blocked_at: string | null }>("SELECT role, blocked_at FROM users WHERE id = $1", [
        bMember.id,
      ])
    ).rows;
    expect(row).toMatchObject({ role: "team_operator", blocked_at: null });
    expect((await call({ method: "GET", url: "/api/user", token: bMember.token })).statusCode).toBe(200);
  });
});
