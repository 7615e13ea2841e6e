import { approveUser, setSetting } from "@leadflow/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";

let api: Api;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api.close());

const PENDING = "Your account is pending verification. We will let you know when it's active.";
const BAD_LOGIN = "Incorrect password or user not found.";
let seq = 0;
const newEmail = () => `auth-${Date.now().toString(36)}-${++seq}@example.test`;

function registration(overrides: Record<string, unknown> = {}) {
  return {
    name: "Ada Lovelace",
    email: newEmail(),
    phone_number: "+15551234567",
    industry: 2,
    password: "Secret#123",
    password_confirmation: "Secret#123",
    ...overrides,
  };
}

const post = (url: string, payload: unknown, token?: string) =>
  api.app.inject({ method: "POST", url, payload: payload as object, headers: token ? api.auth(token) : {} });
const get = (url: string, token: string) => api.app.inject({ method: "GET", url, headers: api.auth(token) });

async function signIn(email: string, password: string) {
  return post("/api/signin", { email, password });
}

/** Registers and approves an account, then signs in: the token and the user. */
async function activeAccount(overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  expect((await post("/api/signup", body)).statusCode).toBe(201);
  await approveUser(api.db, body.email);
  const res = await signIn(body.email, body.password);
  expect(res.statusCode).toBe(200);
  const json = res.json() as { access_token: string; user: { id: number; team_id: number } };
  return { ...body, token: json.access_token, user: json.user };
}

async function sql<R = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<R[]> {
  return (await api.database.query<R>(text, values)).rows;
}

describe("registration", () => {
  it("answers 201 with the pending message and makes a team whose first user is team_admin", async () => {
    const body = registration();
    const res = await post("/api/signup", body);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(PENDING);
    expect(res.body).not.toMatch(/password_hash|argon2/);

    const [user] = await sql<{ team_id: number; role: string; email_verified_at: string | null; industry: number }>(
      "SELECT team_id, role, email_verified_at, industry FROM users WHERE email = $1",
      [body.email],
    );
    expect(user).toMatchObject({ role: "team_admin", email_verified_at: null, industry: 2 });
    const members = await sql("SELECT id FROM users WHERE team_id = $1", [user!.team_id]);
    expect(members).toHaveLength(1);
  });

  it("rejects a duplicate email in any case with 422 on errors.email", async () => {
    const body = registration();
    await post("/api/signup", body);
    const res = await post("/api/signup", { ...body, email: body.email.toUpperCase() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(["The email has already been taken."]);
    expect(await sql("SELECT id FROM users WHERE lower(email) = $1", [body.email])).toHaveLength(1);
  });

  it.each([
    ["no number", { password: "Secret#abc", password_confirmation: "Secret#abc" }, "password", "number"],
    ["no special character", { password: "Secret1234", password_confirmation: "Secret1234" }, "password", "special character"],
    ["a mismatched confirmation", { password_confirmation: "Secret#124" }, "password_confirmation", "does not match"],
  ])("rejects %s with a 422 field error", async (_label, overrides, field, text) => {
    const body = registration(overrides);
    const res = await post("/api/signup", body);
    expect(res.statusCode).toBe(422);
    const json = res.json() as { message: string; errors: Record<string, string[]> };
    expect(json.errors[field]?.join(" ")).toContain(text);
    expect(json.message).toBeTruthy();
    expect(await sql("SELECT id FROM users WHERE email = $1", [body.email])).toHaveLength(0);
  });

  it("names each missing field instead of a type error", async () => {
    const res = await post("/api/signup", {});
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    for (const field of ["name", "email", "phone_number", "industry", "password"]) {
      expect(errors[field]?.[0], field).toMatch(/required/);
    }
  });

  it("takes the industry as its number or its name", async () => {
    const body = registration({ industry: "Home Improvement" });
    expect((await post("/api/signup", body)).statusCode).toBe(201);
    const [row] = await sql<{ industry: number }>("SELECT industry FROM users WHERE email = $1", [body.email]);
    expect(row!.industry).toBe(3);
    for (const industry of ["Banking", 0, 9, 2.5]) {
      const res = await post("/api/signup", registration({ industry }));
      expect(res.statusCode, String(industry)).toBe(422);
      expect(res.json().errors.industry, String(industry)).toBeDefined();
    }
  });

  it("activates at once when auto_approve is set", async () => {
    await setSetting(api.db, "auto_approve", true);
    try {
      const body = registration();
      const res = await post("/api/signup", body);
      expect(res.statusCode).toBe(201);
      expect(res.json().pending).toBe(false);
      expect(res.json().message).not.toBe(PENDING);
      expect((await signIn(body.email, body.password)).statusCode).toBe(200);
    } finally {
      await setSetting(api.db, "auto_approve", false);
    }
  });
});

describe("sign-in", () => {
  it("refuses a pending account with 403, the approval notice and the support contact", async () => {
    const body = registration();
    await post("/api/signup", body);
    const res = await signIn(body.email, body.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().message.startsWith("Account has not yet been approved")).toBe(true);
    expect(res.json().message).toContain(api.config.supportEmail);
  });

  it("after approval answers a bearer token with its expiry and the user, never a password hash", async () => {
    const body = registration();
    await post("/api/signup", body);
    const { changed } = await approveUser(api.db, body.email);
    expect(changed).toBe(true);
    const res = await signIn(body.email.toUpperCase(), body.password);
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.token_type).toBe("Bearer");
    expect(typeof json.access_token).toBe("string");
    expect(json.access_token.length).toBeGreaterThan(20);
    expect(json.expires_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(Date.parse(json.expires_at)).toBeGreaterThan(Date.now());
    expect(json.expires_in).toBe(api.config.tokenTtlSeconds);
    expect(json.user).toMatchObject({ email: body.email, name: body.name, roles: ["team_admin"], status: "active" });
    expect(json.user.email_verified_at).toBeTruthy();
    expect(res.body).not.toMatch(/password_hash|\$argon2/);
    expect(JSON.stringify(json.user)).not.toContain("password");
  });

  it("gives the same 401 for a wrong password and an unknown email", async () => {
    const { email } = await activeAccount();
    const wrong = await signIn(email, "Wrong#1234");
    const unknown = await signIn(newEmail(), "Wrong#1234");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: BAD_LOGIN });
    expect(unknown.json()).toEqual({ message: BAD_LOGIN });
  });

  it("does not tell a pending account apart when the password is wrong", async () => {
    const body = registration();
    await post("/api/signup", body);
    const res = await signIn(body.email, "Wrong#1234");
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(BAD_LOGIN);
  });

  it("answers 401 for an expired token", async () => {
    const { token, user } = await activeAccount();
    expect((await get("/api/user", token)).statusCode).toBe(200);
    await sql("UPDATE access_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1", [user.id]);
    const res = await get("/api/user", token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });

  it("answers 401 for a missing, malformed or unknown token", async () => {
    for (const authorization of [undefined, "Bearer", "Bearer nope", "Basic abc", `Bearer ${"x".repeat(5000)}`]) {
      const res = await api.app.inject({ method: "GET", url: "/api/user", headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization).slice(0, 20)).toBe(401);
      expect(res.json().message).toBe("Unauthenticated.");
    }
  });

  it("logout revokes the token", async () => {
    const { token } = await activeAccount();
    const out = await post("/api/logout", {}, token);
    expect(out.statusCode).toBe(200);
    expect((await get("/api/user", token)).statusCode).toBe(401);
  });
});

describe("the signed-in user", () => {
  it("GET /api/user answers the user", async () => {
    const { token, email, user } = await activeAccount({ phone_number: "+1 555 000 1111", industry: 5 });
    const res = await get("/api/user", token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email, phone_number: "+1 555 000 1111", industry: 5, roles: ["team_admin"] });
    expect(res.body).not.toContain("password");
  });

  it("updates the profile and requires name and phone", async () => {
    const { token } = await activeAccount();
    const put = (payload: object) => api.app.inject({ method: "PUT", url: "/api/user/profile", headers: api.auth(token), payload });

    const noName = await put({ name: "  ", phone_number: "+15550001111" });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors.name).toEqual(["Username is required"]);
    const missingName = await put({ phone_number: "+15550001111" });
    expect(missingName.json().errors.name).toEqual(["Username is required"]);

    const noPhone = await put({ name: "Grace", phone_number: "" });
    expect(noPhone.statusCode).toBe(422);
    expect(noPhone.json().errors.phone_number).toEqual(["Phone is required"]);
    const missingPhone = await put({ name: "Grace" });
    expect(missingPhone.json().errors.phone_number).toEqual(["Phone is required"]);

    const ok = await put({ name: "Grace Hopper", phone_number: "+15550002222" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: "Grace Hopper", phone_number: "+15550002222" });
    expect((await get("/api/user", token)).json().name).toBe("Grace Hopper");
  });
});

describe("change password", () => {
  const change = (token: string, id: number, payload: object) =>
    api.app.inject({ method: "POST", url: `/api/user/${id}/password/change`, headers: api.auth(token), payload });

  it("checks the old password and refuses a new one equal to it", async () => {
    const { token, user, password, email } = await activeAccount();
    const wrongOld = await change(token, user.id, {
      current_password: "Nope#1234",
      password: "Better#456",
      password_confirmation: "Better#456",
    });
    expect(wrongOld.statusCode).toBe(422);
    expect(wrongOld.json().errors.current_password).toBeDefined();

    const same = await change(token, user.id, { current_password: password, password, password_confirmation: password });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.password?.[0]).toMatch(/different/);

    const weak = await change(token, user.id, { current_password: password, password: "betterpass", password_confirmation: "betterpass" });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toBeDefined();

    const mismatch = await change(token, user.id, {
      current_password: password,
      password: "Better#456",
      password_confirmation: "Better#457",
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toBeDefined();
    expect((await signIn(email, password)).statusCode).toBe(200);
  });

  it("sets the new password and revokes the user's other tokens but not the current one", async () => {
    const account = await activeAccount();
    const other = (await signIn(account.email, account.password)).json().access_token as string;
    const res = await change(account.token, account.user.id, {
      current_password: account.password,
      password: "Better#456",
      password_confirmation: "Better#456",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Password updated successfully!" });
    expect((await get("/api/user", other)).statusCode).toBe(401);
    expect((await get("/api/user", account.token)).statusCode).toBe(200);
    expect((await signIn(account.email, account.password)).statusCode).toBe(401);
    expect((await signIn(account.email, "Better#456")).statusCode).toBe(200);
  });

  it("answers 404 for another user's id and changes nothing", async () => {
    const me = await activeAccount();
    const victim = await activeAccount();
    const res = await change(me.token, victim.user.id, {
      current_password: me.password,
      password: "Hijack#999",
      password_confirmation: "Hijack#999",
    });
    expect(res.statusCode).toBe(404);
    expect((await signIn(victim.email, victim.password)).statusCode).toBe(200);
    expect((await signIn(victim.email, "Hijack#999")).statusCode).toBe(401);
  });
});

describe("forgot password", () => {
  async function lastMailTo(email: string) {
    const [row] = await sql<{ text_body: string; subject: string }>(
      "SELECT text_body, subject FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1",
      [email],
    );
    return row;
  }
  const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];
  const reset = (payload: object) => post("/api/password/reset", payload);

  it("answers a token for any address and mails a 6-digit code only to a real one", async () => {
    const { email } = await activeAccount();
    const known = await post("/api/password/email", { email });
    expect(known.statusCode).toBe(200);
    expect(typeof known.json().token).toBe("string");
    const mail = await lastMailTo(email);
    expect(codeIn(mail!.text_body)).toMatch(/^\d{6}$/);
    expect(api.jobs.sent.some((j) => j.name === "mail.deliver")).toBe(true);

    const before = (await sql<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox"))[0]!.n;
    const unknownEmail = newEmail();
    const unknown = await post("/api/password/email", { email: unknownEmail });
    expect(unknown.statusCode).toBe(200);
    expect(Object.keys(unknown.json()).sort()).toEqual(Object.keys(known.json()).sort());
    expect(unknown.json().message).toBe(known.json().message);
    expect((await sql<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox"))[0]!.n).toBe(before);
    expect(await lastMailTo(unknownEmail)).toBeUndefined();
  });

  it("verifies the code, sets the new password, revokes tokens and cannot be reused", async () => {
    const account = await activeAccount();
    const { token } = (await post("/api/password/email", { email: account.email })).json() as { token: string };
    const code = codeIn((await lastMailTo(account.email))!.text_body)!;
    const wrongCode = code === "000000" ? "111111" : "000000";

    const wrong = await reset({ token, code: wrongCode });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toBeDefined();

    const right = await reset({ token, code });
    expect(right.statusCode).toBe(200);
    expect(right.json().is_completed).toBe(true);

    const mismatch = await reset({ token, email: newEmail(), password: "Fresh#789", password_confirmation: "Fresh#789" });
    expect(mismatch.statusCode).toBe(422);

    const done = await reset({ token, email: account.email, password: "Fresh#789", password_confirmation: "Fresh#789" });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBeTruthy();
    expect((await get("/api/user", account.token)).statusCode).toBe(401);
    expect((await signIn(account.email, account.password)).statusCode).toBe(401);
    expect((await signIn(account.email, "Fresh#789")).statusCode).toBe(200);

    const again = await reset({ token, email: account.email, password: "Again#789", password_confirmation: "Again#789" });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toBeDefined();
    expect((await signIn(account.email, "Again#789")).statusCode).toBe(401);
  });

  it("does not set a password with the answered token alone, before the code is verified", async () => {
    const account = await activeAccount();
    // Anyone can ask for a reset of any address and gets the token back: it must be worthless without the code.
    const { token } = (await post("/api/password/email", { email: account.email })).json() as { token: string };
    const res = await reset({ token, email: account.email, password: "Owned#666", password_confirmation: "Owned#666" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toBeDefined();
    expect((await signIn(account.email, "Owned#666")).statusCode).toBe(401);
    expect((await get("/api/user", account.token)).statusCode).toBe(200);
  });

  it("sets the password through the mailed link, whose token differs from the answered one", async () => {
    const account = await activeAccount();
    const { token: answered } = (await post("/api/password/email", { email: account.email })).json() as { token: string };
    const link = new URL(/(https?:\/\/\S+\/reset-password\?\S+)/.exec((await lastMailTo(account.email))!.text_body)![1]!);
    const linkToken = link.searchParams.get("token")!;
    expect(link.searchParams.get("email")).toBe(account.email);
    expect(linkToken).not.toBe(answered);
    const res = await reset({ token: linkToken, email: account.email, password: "Linked#123", password_confirmation: "Linked#123" });
    expect(res.statusCode).toBe(200);
    expect((await signIn(account.email, "Linked#123")).statusCode).toBe(200);
    // One reset ends every open one of the user.
    expect((await reset({ token: answered, code: "123456" })).json().errors.token).toBeDefined();
  });

  it("stops accepting codes after five wrong ones, also on the final step", async () => {
    const account = await activeAccount();
    const { token } = (await post("/api/password/email", { email: account.email })).json() as { token: string };
    const code = codeIn((await lastMailTo(account.email))!.text_body)!;
    const wrongCode = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const res = await reset({
        token,
        email: account.email,
        code: wrongCode,
        password: "Guess#1234",
        password_confirmation: "Guess#1234",
      });
      expect(res.statusCode).toBe(422);
    }
    const right = await reset({ token, code });
    expect(right.statusCode).toBe(422);
    expect(right.json().errors.code?.[0]).toMatch(/Too many/);
  });

  it("answers each step's own field errors", async () => {
    const account = await activeAccount();
    const { token } = (await post("/api/password/email", { email: account.email })).json() as { token: string };
    const weak = await reset({ token, email: account.email, password: "weakpass", password_confirmation: "weakpass" });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toBeDefined();
    const noConfirmation = await reset({ token, email: account.email, password: "Fresh#789" });
    expect(noConfirmation.json().errors).toEqual({ password_confirmation: ["The password confirmation field is required."] });
    const noCode = await reset({ token });
    expect(noCode.json()).toEqual({ message: "The code field is required.", errors: { code: ["The code field is required."] } });
    const nothing = await reset({});
    expect(nothing.json().errors.token).toEqual(["The token field is required."]);
  });
});

describe("rate limits", () => {
  it("answers the 4th sign-in attempt with 429, Retry-After and a message", async () => {
    const limited = await setupApi({ LEADFLOW_AUTH_RATE_LIMIT: "3" });
    try {
      const attempt = () =>
        limited.app.inject({ method: "POST", url: "/api/signin", payload: { email: "x@example.test", password: "Wrong#123" } });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const res = await attempt();
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect(res.json().message).toMatch(/Too many attempts/);

      // Registration and the reset form are limited too.
      const signup = () => limited.app.inject({ method: "POST", url: "/api/signup", payload: registration() });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await signup()).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429]);
      const forgot = () => limited.app.inject({ method: "POST", url: "/api/password/email", payload: { email: newEmail() } });
      for (let i = 0; i < 3; i++) expect((await forgot()).statusCode).toBe(200);
      expect((await forgot()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
