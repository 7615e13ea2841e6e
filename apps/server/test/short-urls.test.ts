import type { ShortUrlDomain, ShortUrlDomainPage } from "@leadflow/contracts";
import { type HostResolver, teamForShortHost } from "@leadflow/domain";
import { beforeEach, describe, expect, it } from "vitest";
import { useApi } from "./helpers";

const PUBLIC_IP = "198.51.100.7";
const APP_HOST = "app.leadflow.io";
const NO_ACCESS = "Your plan does not include custom short-URL domains.";

/** What the fake name server answers per host: addresses, or a failure. */
const dns = new Map<string, string[] | Error>();
const resolveHost: HostResolver = async (host) => {
  const answer = dns.get(host);
  if (answer instanceof Error) throw answer;
  return answer ?? [];
};

const api = useApi({ PUBLIC_IP, APP_URL: `https://${APP_HOST}` }, { resolveHost });
beforeEach(() => dns.clear());

/** Hosts are unique across the platform, and every test shares one database: each test takes its own names. */
let seq = 0;
const host = (name = "go") => `${name}-${process.pid}-${++seq}.brand.com`;

/** A fresh team on a plan: `starter` may manage domains, `trial` may not (migration 0007's plans). */
async function team(plan: "starter" | "trial" = "starter") {
  const t = await api.factory.team();
  await api.database.query("UPDATE teams SET plan_key = $1 WHERE id = $2", [plan, t.ctx.teamId]);
  const h = api.auth(t.token);
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    api.app.inject({ method, url: `/api/short-url-domains${url}`, headers: h, ...(payload ? { payload } : {}) });
  return { ...t, h, call };
}
type Team = Awaited<ReturnType<typeof team>>;

async function create(t: Team, body: object): Promise<ShortUrlDomain> {
  const res = await t.call("POST", "", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ShortUrlDomain;
}

const rowCount = async (teamId: number) =>
  (await api.database.query<{ n: number }>("SELECT count(*)::int AS n FROM short_url_domains WHERE team_id = $1", [teamId])).rows[0]!.n;

describe("short-URL domains: the plan's permission", () => {
  it("answers has-access from the team's plan; reads are allowed and every change is 403 without it", async () => {
    const trial = await team("trial");
    expect((await trial.call("GET", "/has-access")).json()).toEqual({ has_access: false, reason: NO_ACCESS, link_host: APP_HOST });
    const refused = await trial.call("POST", "", { url: host() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NO_ACCESS);
    expect(await rowCount(trial.ctx.teamId)).toBe(0);

    // A domain kept from a plan that allowed it: still listed and readable, no longer changeable.
    const kept = host("kept");
    const id = (
      await api.database.query<{ id: number }>("INSERT INTO short_url_domains (team_id, url) VALUES ($1, $2) RETURNING id", [
        trial.ctx.teamId,
        kept,
      ])
    ).rows[0]!.id;
    expect((await trial.call("GET", "")).json().data.map((d: ShortUrlDomain) => d.url)).toEqual([kept]);
    expect((await trial.call("GET", `/${id}`)).statusCode).toBe(200);
    for (const [method, url] of [
      ["PUT", `/${id}`],
      ["DELETE", `/${id}`],
      ["POST", `/${id}/check-dns`],
      ["POST", `/${id}/enable-https`],
    ] as const) {
      const res = await trial.call(method, url, method === "PUT" ? { url: kept, access: "disabled" } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(NO_ACCESS);
    }
    expect((await trial.call("GET", `/${id}`)).json()).toMatchObject({ url: kept, access: "enabled" });

    const starter = await team("starter");
    expect((await starter.call("GET", "/has-access")).json()).toEqual({ has_access: true, reason: null, link_host: APP_HOST });
  });

  it("tells where domains point: PUBLIC_IP", async () => {
    const t = await team();
    expect((await t.call("GET", "/public-ip")).json()).toEqual({ ip: PUBLIC_IP, source: "env" });
  });
});

describe("short-URL domains: create, edit, delete", () => {
  it("takes the host out of a pasted link, turns IDN into punycode and fills the defaults", async () => {
    const t = await team();
    const name = host("Promo");
    const made = await create(t, { url: `HTTPS://${name.toUpperCase()}:8443/summer?x=1` });
    expect(made).toEqual({
      id: expect.any(Number),
      url: name.toLowerCase(),
      access: "enabled",
      redirect_to: null,
      filter_redirect: null,
      state_filter_redirect: null,
      expired_redirect: null,
      sort_order: 0,
      https_enabled: false,
      dns: { checked_at: null, addresses: [], ok: false },
    });
    expect((await t.call("GET", `/${made.id}`)).json()).toEqual(made);

    const shop = `shop-${process.pid}-${++seq}`;
    const idn = await create(t, {
      url: `${shop}.Bücher.de`,
      access: "disabled",
      redirect_to: "https://brand.com/",
      filter_redirect: "https://brand.com/desktop",
      state_filter_redirect: "http://brand.com/state",
      sort_order: "3",
    });
    expect(idn).toMatchObject({
      url: `${shop}.xn--bcher-kva.de`,
      access: "disabled",
      redirect_to: "https://brand.com/",
      filter_redirect: "https://brand.com/desktop",
      state_filter_redirect: "http://brand.com/state",
      sort_order: 3,
    });
  });

  it("refuses what is not a public domain name or a full address, under each field, and writes nothing", async () => {
    const t = await team();
    const cases: [object, string, string][] = [
      [{ url: "" }, "url", "The domain field is required."],
      [{ url: "203.0.113.5" }, "url", "Enter a domain name, not an IP address."],
      [{ url: "http://localhost:3000" }, "url", "Enter a public domain name; local names such as localhost cannot be used."],
      [{ url: "intranet" }, "url", "Enter a public domain name; local names such as localhost cannot be used."],
      [{ url: "nodot" }, "url", "Enter a domain name such as links.example.com."],
      [{ url: "bad_host.brand.com" }, "url", "Enter a domain name such as links.example.com."],
      [{ url: `https://${APP_HOST.toUpperCase()}/u/0` }, "url", "This is Leadflow's own address; enter a domain of your own."],
      [{ url: host(), redirect_to: "ftp://brand.com/file" }, "redirect_to", "Enter a full address starting with https:// or http://."],
      [{ url: host(), filter_redirect: "/desktop" }, "filter_redirect", "Enter a full address starting with https:// or http://."],
      [
        { url: host(), state_filter_redirect: "javascript:alert(1)" },
        "state_filter_redirect",
        "Enter a full address starting with https:// or http://.",
      ],
      [{ url: host(), sort_order: 1.5 }, "sort_order", "The sort order must be a whole number."],
      [{ url: host(), access: "maybe" }, "access", "The access must be enabled or disabled."],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.call("POST", "", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors?.[field], JSON.stringify(body)).toEqual([message]);
    }
    expect(await rowCount(t.ctx.teamId)).toBe(0);
  });

  it("gives a host to one team only, without saying which", async () => {
    const a = await team();
    const b = await team();
    const name = host("shared");
    const mine = await create(a, { url: name });
    for (const [who, url] of [
      [b, `https://${name.toUpperCase()}/x`],
      [a, `${name}.`],
    ] as const) {
      const res = await who.call("POST", "", { url });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: "This domain is already in use.", errors: { url: ["This domain is already in use."] } });
    }
    // Renaming onto a host in use is refused the same way; the domain keeps its own.
    const other = await create(b, { url: host("other") });
    const rename = await b.call("PUT", `/${other.id}`, { url: name });
    expect(rename.statusCode).toBe(422);
    expect(rename.json().message).toBe("This domain is already in use.");
    expect((await b.call("GET", `/${other.id}`)).json().url).toBe(other.url);
    expect(await rowCount(b.ctx.teamId)).toBe(1);
    expect((await a.call("GET", `/${mine.id}`)).json().url).toBe(name);
  });

  it("replaces every field on edit; a new host starts its DNS check and HTTPS over", async () => {
    const t = await team();
    const name = host("edit");
    const made = await create(t, { url: name, redirect_to: "https://brand.com/", sort_order: 2 });
    dns.set(name, [PUBLIC_IP]);
    expect((await t.call("POST", `/${made.id}/check-dns`)).json().dns.ok).toBe(true);
    expect((await t.call("POST", `/${made.id}/enable-https`)).json().https_enabled).toBe(true);

    const same = await t.call("PUT", `/${made.id}`, {
      url: name,
      access: "disabled",
      filter_redirect: "https://brand.com/pc",
      sort_order: 7,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({
      url: name,
      access: "disabled",
      redirect_to: null,
      filter_redirect: "https://brand.com/pc",
      sort_order: 7,
      https_enabled: true,
      dns: { ok: true, addresses: [PUBLIC_IP] },
    });

    const renamed = host("renamed");
    const moved = await t.call("PUT", `/${made.id}`, { url: renamed });
    expect(moved.json()).toMatchObject({
      url: renamed,
      access: "enabled",
      https_enabled: false,
      dns: { checked_at: null, addresses: [], ok: false },
    });
    // The old host is free again.
    expect((await t.call("POST", "", { url: name })).statusCode).toBe(201);
  });

  it("deletes a domain", async () => {
    const t = await team();
    const made = await create(t, { url: host("gone") });
    const del = await t.call("DELETE", `/${made.id}`);
    expect(del.json()).toEqual({ message: "Domain deleted." });
    expect((await t.call("GET", `/${made.id}`)).statusCode).toBe(404);
    expect((await t.call("DELETE", `/${made.id}`)).statusCode).toBe(404);
    expect(await rowCount(t.ctx.teamId)).toBe(0);
  });

  it("lists 50 a page by sort order, with search and sort", async () => {
    const t = await team();
    const base = `${process.pid}-${++seq}`;
    // 52 domains, sort orders 52 … 1: the default order reverses the insert order.
    await api.database.query(
      `INSERT INTO short_url_domains (team_id, url, sort_order)
       SELECT $1, 'd' || lpad(g::text, 2, '0') || '-' || $2 || '.brand.com', 53 - g FROM generate_series(1, 52) g`,
      [t.ctx.teamId, base],
    );
    const first = (await t.call("GET", "")).json() as ShortUrlDomainPage;
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 50, total: 52 });
    expect(first.data[0]!.url).toBe(`d52-${base}.brand.com`);
    expect(first.data.map((d) => d.sort_order)).toEqual([...first.data.map((d) => d.sort_order)].sort((x, y) => x - y));

    const searched = (await t.call("GET", `?search=d0`)).json() as ShortUrlDomainPage;
    expect(searched.meta.total).toBe(9);
    const byUrl = (await t.call("GET", "?sort=url,desc&limit=15")).json() as ShortUrlDomainPage;
    expect(byUrl.data[0]!.url).toBe(`d52-${base}.brand.com`);
    expect(byUrl.meta.per_page).toBe(15);
    const bad = await t.call("GET", "?sort=team_id");
    expect(bad.statusCode).toBe(422);
  });
});

describe("short-URL domains: DNS and HTTPS", () => {
  it("checks DNS: points here when the addresses include the public IP; a failed lookup has none", async () => {
    const t = await team();
    const name = host("dns");
    const made = await create(t, { url: name });
    dns.set(name, ["203.0.113.20"]);
    const elsewhere = (await t.call("POST", `/${made.id}/check-dns`)).json() as ShortUrlDomain;
    expect(elsewhere.dns).toEqual({ checked_at: expect.any(String), addresses: ["203.0.113.20"], ok: false });

    dns.set(name, ["2001:DB8:0::1", PUBLIC_IP, PUBLIC_IP]);
    const here = (await t.call("POST", `/${made.id}/check-dns`)).json() as ShortUrlDomain;
    expect(here.dns).toMatchObject({ addresses: [PUBLIC_IP, "2001:db8::1"], ok: true });
    expect((await t.call("GET", `/${made.id}`)).json().dns).toEqual(here.dns);

    dns.set(name, Object.assign(new Error("queryA ESERVFAIL"), { code: "ESERVFAIL" }));
    const failed = (await t.call("POST", `/${made.id}/check-dns`)).json() as ShortUrlDomain;
    expect(failed.dns).toMatchObject({ addresses: [], ok: false });
  });

  it("enables HTTPS only once DNS points here", async () => {
    const t = await team();
    const name = host("tls");
    const made = await create(t, { url: name });
    const early = await t.call("POST", `/${made.id}/enable-https`);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(`Point the domain to ${PUBLIC_IP} first, then check DNS.`);

    dns.set(name, ["203.0.113.20"]);
    await t.call("POST", `/${made.id}/check-dns`);
    expect((await t.call("POST", `/${made.id}/enable-https`)).statusCode).toBe(422);

    dns.set(name, [PUBLIC_IP]);
    await t.call("POST", `/${made.id}/check-dns`);
    const on = await t.call("POST", `/${made.id}/enable-https`);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().https_enabled).toBe(true);
    expect((await t.call("POST", `/${made.id}/enable-https`)).json().https_enabled).toBe(true);
  });

  it("answers the TLS terminator's ask: the app's host and enabled domains with HTTPS, nothing else", async () => {
    const t = await team();
    const name = host("ask");
    const made = await create(t, { url: name });
    const ask = async (domain: string) =>
      (await api.app.inject({ method: "GET", url: `/tls/ask?domain=${encodeURIComponent(domain)}` })).statusCode;

    expect(await ask(APP_HOST)).toBe(200);
    expect(await ask(host("unknown"))).toBe(404);
    expect(await ask("")).toBe(404);
    expect(await ask(name)).toBe(404); // known, HTTPS not enabled

    dns.set(name, [PUBLIC_IP]);
    await t.call("POST", `/${made.id}/check-dns`);
    await t.call("POST", `/${made.id}/enable-https`);
    const allowed = await api.app.inject({ method: "GET", url: `/tls/ask?domain=${name.toUpperCase()}.` });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toMatchObject({ allowed: true });

    await t.call("PUT", `/${made.id}`, { url: name, access: "disabled" });
    expect(await ask(name)).toBe(404);
  });

  it("finds a host's team for the redirect service, never a disabled or unknown one", async () => {
    const t = await team();
    const name = host("route");
    const made = await create(t, { url: name, redirect_to: "https://brand.com/", filter_redirect: "https://brand.com/bot" });
    expect(await teamForShortHost(api.db, `${name.toUpperCase()}:443`)).toEqual({
      teamId: t.ctx.teamId,
      domainId: made.id,
      host: name,
      redirectTo: "https://brand.com/",
      filterRedirect: "https://brand.com/bot",
      stateFilterRedirect: null,
      httpsEnabled: false,
    });
    expect(await teamForShortHost(api.db, host("nobody"))).toBeNull();
    expect(await teamForShortHost(api.db, APP_HOST)).toBeNull();
    await t.call("PUT", `/${made.id}`, { url: name, access: "disabled" });
    expect(await teamForShortHost(api.db, name)).toBeNull();
  });
});

describe("short-URL domains: another team's", () => {
  it("are a 404 on every route with an id, and stay as they were", async () => {
    const a = await team();
    const b = await team();
    const name = host("a-only");
    const mine = await create(a, { url: name, redirect_to: "https://a.brand.com/" });
    dns.set(name, [PUBLIC_IP]);
    for (const [method, url, body] of [
      ["GET", `/${mine.id}`],
      ["PUT", `/${mine.id}`, { url: host("hijack") }],
      ["DELETE", `/${mine.id}`],
      ["POST", `/${mine.id}/check-dns`],
      ["POST", `/${mine.id}/enable-https`],
    ] as const) {
      const res = await b.call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain(name);
    }
    expect((await b.call("GET", "")).json().data).toEqual([]);
    expect((await a.call("GET", `/${mine.id}`)).json()).toEqual(mine);
  });
});

describe("short-URL domains: the expired-link fallback", () => {
  it("keeps the address an expired link falls back to, replaces it on edit and clears it when blank", async () => {
    const t = await team();
    const made = await create(t, { url: host("expiry"), expired_redirect: "https://brand.com/offer-ended" });
    expect(made.expired_redirect).toBe("https://brand.com/offer-ended");
    const stored = await api.database.query<{ expired_redirect: string | null }>(
      "SELECT expired_redirect FROM short_url_domains WHERE id = $1",
      [made.id],
    );
    expect(stored.rows[0]!.expired_redirect).toBe("https://brand.com/offer-ended");
    const edited = await t.call("PUT", `/${made.id}`, { url: made.url, expired_redirect: " https://brand.com/more " });
    expect(edited.json().expired_redirect).toBe("https://brand.com/more");
    const cleared = await t.call("PUT", `/${made.id}`, { url: made.url, expired_redirect: "" });
    expect(cleared.json().expired_redirect).toBeNull();
  });

  it("refuses an address that is not a full http(s) one with a 422 under the field, and changes nothing", async () => {
    const t = await team();
    const made = await create(t, { url: host("bad-expiry"), expired_redirect: "https://brand.com/ended" });
    for (const bad of ["brand.com/ended", "javascript:alert(1)", "ftp://brand.com/x", `https://brand.com/${"a".repeat(2050)}`]) {
      const put = await t.call("PUT", `/${made.id}`, { url: made.url, expired_redirect: bad });
      expect(put.statusCode, bad).toBe(422);
      expect(Object.keys(put.json().errors), bad).toEqual(["expired_redirect"]);
      const post = await t.call("POST", "", { url: host("bad-new"), expired_redirect: bad });
      expect(post.statusCode, bad).toBe(422);
    }
    expect((await t.call("GET", `/${made.id}`)).json().expired_redirect).toBe("https://brand.com/ended");
  });

  it("is another team's to set: its domain id is a 404 and keeps its fallback", async () => {
    const a = await team();
    const b = await team();
    const mine = await create(a, { url: host("a-expiry"), expired_redirect: "https://a.brand.com/ended" });
    const res = await b.call("PUT", `/${mine.id}`, { url: mine.url, expired_redirect: "https://evil.example/" });
    expect(res.statusCode).toBe(404);
    expect((await a.call("GET", `/${mine.id}`)).json().expired_redirect).toBe("https://a.brand.com/ended");
  });
});
