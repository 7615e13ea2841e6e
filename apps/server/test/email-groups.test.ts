import type { SenderEmailGroup, SpamEmailGroup } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { signedInTeam, useApi } from "./helpers";

/** Settings → Spam Email Groups and Sender Email Groups (docs/product/audiences-lookups-settings.md). */
const api = useApi();

const team = () => signedInTeam(api);
type Team = Awaited<ReturnType<typeof team>>;

const count = async (table: string, teamId: number) =>
  (await api.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE team_id = $1`, [teamId])).rows[0]!.n;

describe("spam email groups", () => {
  const create = async (t: Team, name: string, emails: string[]) => {
    const res = await t.call("POST", "/api/spam-email-groups", { name, emails });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as SpamEmailGroup;
  };

  it("creates a group with its addresses normalised and duplicates kept once, in the order given", async () => {
    const t = await team();
    const res = await t.call("POST", "/api/spam-email-groups", {
      name: " Seeds ",
      emails: [" Trap@Example.COM", "mailto:inbox@mail.test", "trap@example.com", "<third@example.org>"],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe("Spam email group created.");
    const group = res.json().data as SpamEmailGroup;
    expect(group.name).toBe("Seeds");
    expect(group.emails.map((e) => e.email)).toEqual(["trap@example.com", "inbox@mail.test", "third@example.org"]);
    expect((await t.call("GET", `/api/spam-email-groups/${group.id}`)).json()).toEqual(group);
  });

  it("replaces the addresses on update, keeping the ids of those that stay", async () => {
    const t = await team();
    const group = await create(t, "Seeds", ["a@example.com", "b@example.com", "c@example.com"]);
    const [a, , c] = group.emails;
    const put = await t.call("PUT", `/api/spam-email-groups/${group.id}`, {
      name: "Renamed",
      emails: ["C@example.com", "d@example.com", "a@example.com"],
    });
    expect(put.statusCode, put.body).toBe(200);
    const updated = put.json().data as SpamEmailGroup;
    expect(updated.name).toBe("Renamed");
    expect(updated.emails.map((e) => e.email)).toEqual(["a@example.com", "c@example.com", "d@example.com"]);
    expect(updated.emails[0]!.id).toBe(a!.id);
    expect(updated.emails[1]!.id).toBe(c!.id);
    expect(updated.emails[2]!.id).toBeGreaterThan(c!.id);
    expect(await count("spam_email_group_emails", t.ctx.teamId)).toBe(3);
  });

  it("refuses bad addresses on emails.N by name, and writes nothing", async () => {
    const t = await team();
    const bad = await t.call("POST", "/api/spam-email-groups", { name: "Seeds", emails: ["ok@example.com", "not-an-email", "x@y"] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      "emails.1": ['"not-an-email" — The email address is not valid: it needs one @ and no spaces, like name@example.com.'],
      "emails.2": ['"x@y" — The email address\'s domain is not valid.'],
    });
    expect(bad.json().message).toContain("not-an-email");
    expect(await count("spam_email_groups", t.ctx.teamId)).toBe(0);

    // An update with a bad address leaves the group as it was.
    const group = await create(t, "Seeds", ["ok@example.com"]);
    const put = await t.call("PUT", `/api/spam-email-groups/${group.id}`, { name: "Changed", emails: ["new@example.com", "bad@"] });
    expect(put.statusCode).toBe(422);
    expect(Object.keys(put.json().errors)).toEqual(["emails.1"]);
    expect((await t.call("GET", `/api/spam-email-groups/${group.id}`)).json()).toEqual(group);
  });

  it("needs a name and 1 to 100 addresses", async () => {
    const t = await team();
    const none = await t.call("POST", "/api/spam-email-groups", { name: "", emails: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ name: ["The name field is required."], emails: ["Add at least one email."] });
    const many = Array.from({ length: 101 }, (_, i) => `seed${i}@example.com`);
    const tooMany = await t.call("POST", "/api/spam-email-groups", { name: "Big", emails: many });
    expect(tooMany.json().errors).toEqual({ emails: ["A group may have at most 100 emails."] });
    expect((await t.call("POST", "/api/spam-email-groups", { name: "Full", emails: many.slice(0, 100) })).statusCode).toBe(201);
    const notList = await t.call("POST", "/api/spam-email-groups", { name: "X", emails: "a@example.com" });
    expect(Object.keys(notList.json().errors)).toEqual(["emails"]);
  });

  it("lists 50 a page, newest first, searches by name and sorts by name", async () => {
    const t = await team();
    for (const name of ["Gmail seeds", "Outlook seeds", "Yahoo traps"])
      await create(t, name, [`x@${name.split(" ")[0]!.toLowerCase()}.com`]);
    const page = await t.call("GET", "/api/spam-email-groups");
    expect(page.statusCode).toBe(200);
    expect(page.json().meta).toEqual({ current_page: 1, last_page: 1, per_page: 50, total: 3 });
    expect(page.json().data.map((g: SpamEmailGroup) => g.name)).toEqual(["Yahoo traps", "Outlook seeds", "Gmail seeds"]);
    expect(page.json().data[0].emails.map((e: { email: string }) => e.email)).toEqual(["x@yahoo.com"]);
    const found = await t.call("GET", "/api/spam-email-groups?search=SEEDS&sort=name,asc");
    expect(found.json().data.map((g: SpamEmailGroup) => g.name)).toEqual(["Gmail seeds", "Outlook seeds"]);
    expect(found.json().meta.total).toBe(2);
    const bySort = await t.call("GET", "/api/spam-email-groups?sort=emails");
    expect(bySort.statusCode).toBe(422);
  });

  it("deletes a group with its addresses", async () => {
    const t = await team();
    const group = await create(t, "Seeds", ["a@example.com", "b@example.com"]);
    const del = await t.call("DELETE", `/api/spam-email-groups/${group.id}`);
    expect(del.json()).toEqual({ message: "Spam email group deleted." });
    expect(await count("spam_email_group_emails", t.ctx.teamId)).toBe(0);
    expect((await t.call("DELETE", `/api/spam-email-groups/${group.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another team's group and changes nothing", async () => {
    const a = await team();
    const b = await team();
    const group = await create(a, "A's seeds", ["a-seed@example.com"]);
    const body = { name: "Taken", emails: ["b@example.com"] };
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const res = await b.call(method, `/api/spam-email-groups/${group.id}`, method === "PUT" ? body : undefined);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().message).toBe("Spam email group not found.");
    }
    expect((await b.call("GET", "/api/spam-email-groups")).json().data).toEqual([]);
    expect((await a.call("GET", `/api/spam-email-groups/${group.id}`)).json()).toEqual(group);
  });
});

describe("sender email groups", () => {
  const rows = (...pairs: [string, string][]) => pairs.map(([from_name, user_name]) => ({ from_name, user_name }));
  const create = async (t: Team, name: string, usernames: { from_name: string; user_name: string }[]) => {
    const res = await t.call("POST", "/api/sender-email-groups", { name, usernames });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as SenderEmailGroup;
  };

  it("creates a group with its from names and user names (lower case) and their count", async () => {
    const t = await team();
    const res = await t.call("POST", "/api/sender-email-groups", {
      name: "Support",
      usernames: rows([" Jane from Acme ", "Jane.Doe"], ["Acme Support", "support+news"]),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe("Sender email group created.");
    const group = res.json().data as SenderEmailGroup;
    expect(group).toMatchObject({
      name: "Support",
      count: 2,
      usernames: [
        { from_name: "Jane from Acme", user_name: "jane.doe" },
        { from_name: "Acme Support", user_name: "support+news" },
      ],
    });
    expect((await t.call("GET", `/api/sender-email-groups/${group.id}`)).json()).toEqual(group);
  });

  it("replaces the rows on update: user names that stay keep their id and take the new from name", async () => {
    const t = await team();
    const group = await create(t, "Sales", rows(["Ann", "ann"], ["Bob", "bob"], ["Cy", "cy"]));
    const [ann, , cy] = group.usernames;
    const put = await t.call("PUT", `/api/sender-email-groups/${group.id}`, {
      name: "Sales team",
      usernames: rows(["Cy Young", "CY"], ["Dee", "dee"], ["Ann", "ann"]),
    });
    expect(put.statusCode, put.body).toBe(200);
    const updated = put.json().data as SenderEmailGroup;
    expect(updated).toMatchObject({ name: "Sales team", count: 3 });
    expect(updated.usernames).toEqual([
      { id: ann!.id, from_name: "Ann", user_name: "ann" },
      { id: cy!.id, from_name: "Cy Young", user_name: "cy" },
      { id: expect.any(Number), from_name: "Dee", user_name: "dee" },
    ]);
    expect(await count("sender_email_usernames", t.ctx.teamId)).toBe(3);
  });

  it("refuses bad user names, duplicates in the group, long or multi-line from names and empty lists, on their fields", async () => {
    const t = await team();
    const res = await t.call("POST", "/api/sender-email-groups", {
      name: "Bad",
      usernames: rows(
        ["Ok", "ok"],
        ["Spaces", "has space"],
        ["Dot", ".lead"],
        ["", "empty-from"],
        ["x".repeat(101), "long"],
        ["Two\nlines", "two"],
      ),
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual([
      "usernames.1.user_name",
      "usernames.2.user_name",
      "usernames.3.from_name",
      "usernames.4.from_name",
      "usernames.5.from_name",
    ]);
    expect(errors["usernames.3.from_name"]).toEqual(["The from name field is required."]);
    expect(errors["usernames.4.from_name"]).toEqual(["The from name may not be greater than 100 characters."]);
    expect(errors["usernames.1.user_name"]![0]).toMatch(/letters, digits and \. _ \+ -/);

    const dup = await t.call("POST", "/api/sender-email-groups", { name: "Dup", usernames: rows(["A", "same"], ["B", "Same"]) });
    expect(dup.json().errors).toEqual({ "usernames.1.user_name": ['The user name "same" is already in this group.'] });
    const long = await t.call("POST", "/api/sender-email-groups", { name: "Long", usernames: rows(["A", "a".repeat(65)]) });
    expect(Object.keys(long.json().errors)).toEqual(["usernames.0.user_name"]);
    const empty = await t.call("POST", "/api/sender-email-groups", { name: " ", usernames: [] });
    expect(empty.json().errors).toEqual({ name: ["The name field is required."], usernames: ["Add at least one user name."] });
    const many = Array.from({ length: 201 }, (_, i) => ({ from_name: "Team", user_name: `u${i}` }));
    expect((await t.call("POST", "/api/sender-email-groups", { name: "Many", usernames: many })).json().errors).toEqual({
      usernames: ["A group may have at most 200 user names."],
    });
    expect(await count("sender_email_groups", t.ctx.teamId)).toBe(0);

    // A refused update leaves the group as it was.
    const group = await create(t, "Kept", rows(["A", "a"]));
    const put = await t.call("PUT", `/api/sender-email-groups/${group.id}`, { name: "Changed", usernames: rows(["B", "b"], ["C", "b"]) });
    expect(put.statusCode).toBe(422);
    expect((await t.call("GET", `/api/sender-email-groups/${group.id}`)).json()).toEqual(group);
  });

  it("lists newest first, searches names, from names and user names, and sorts by count", async () => {
    const t = await team();
    await create(t, "Alpha", rows(["Jane", "jane"]));
    await create(t, "Beta", rows(["Support desk", "help"], ["Bob", "bob"]));
    await create(t, "Gamma", rows(["Ann", "ann"], ["Al", "al"], ["Amy", "amy"]));
    const names = async (qs: string) =>
      ((await t.call("GET", `/api/sender-email-groups${qs}`)).json().data as SenderEmailGroup[]).map((g) => g.name);
    expect(await names("")).toEqual(["Gamma", "Beta", "Alpha"]);
    expect(await names("?search=desk")).toEqual(["Beta"]);
    expect(await names("?search=JANE")).toEqual(["Alpha"]);
    expect(await names("?search=gam")).toEqual(["Gamma"]);
    expect(await names("?sort=count,asc")).toEqual(["Alpha", "Beta", "Gamma"]);
    const page = (await t.call("GET", "/api/sender-email-groups?limit=2&page=2")).json();
    expect(page.meta).toEqual({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
    expect(page.data.map((g: SenderEmailGroup) => [g.name, g.count])).toEqual([["Alpha", 1]]);
  });

  it("deletes a group with its user names", async () => {
    const t = await team();
    const group = await create(t, "Gone", rows(["A", "a"], ["B", "b"]));
    expect((await t.call("DELETE", `/api/sender-email-groups/${group.id}`)).json()).toEqual({ message: "Sender email group deleted." });
    expect(await count("sender_email_usernames", t.ctx.teamId)).toBe(0);
    expect((await t.call("GET", `/api/sender-email-groups/${group.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another team's group and changes nothing", async () => {
    const a = await team();
    const b = await team();
    const group = await create(a, "A's senders", rows(["A", "a-sender"]));
    const body = { name: "Taken", usernames: rows(["B", "b"]) };
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const res = await b.call(method, `/api/sender-email-groups/${group.id}`, method === "PUT" ? body : undefined);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().message).toBe("Sender email group not found.");
    }
    expect((await b.call("GET", "/api/sender-email-groups?search=a-sender")).json().data).toEqual([]);
    expect((await a.call("GET", `/api/sender-email-groups/${group.id}`)).json()).toEqual(group);
  });
});
