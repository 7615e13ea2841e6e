import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { crudApi } from "./crud-api";

interface Thing {
  id: number;
  name: string;
}

const things = crudApi<{ item: Thing; page: { data: Thing[] }; create: { name: string } }>({ key: "things", path: "/things" });

/** Answers every request with `body` and records what was asked. */
function stubFetch(body: unknown) {
  const calls: { method: string; url: string; body?: string }[] = [];
  // The request reads the tab's account from its address; signed out, it goes without a token.
  vi.stubGlobal("window", { location: { pathname: "/u/0/" } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ method: init.method ?? "GET", url, body: init.body as string | undefined });
      return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("crudApi", () => {
  it("keys every query under one root, so a change refreshes them all", () => {
    const params = { page: 2, limit: 15 };
    expect(things.listQuery(params).queryKey).toEqual(["things", "list", params]);
    expect(things.getQuery(4).queryKey).toEqual(["things", "detail", 4]);
    expect(things.keys.all).toEqual(["things"]);
  });

  it("asks the collection and its records the REST way", async () => {
    const calls = stubFetch({ id: 4, name: "A" });
    await new QueryClient().fetchQuery(things.listQuery({ page: 2, limit: 15 }));
    await things.create({ name: "A" });
    await things.update(4, { name: "B" });
    await things.remove(4);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "GET /api/things?page=2&limit=15",
      "POST /api/things",
      "PUT /api/things/4",
      "DELETE /api/things/4",
    ]);
    expect(calls[2]?.body).toBe('{"name":"B"}');
  });

  it("takes an endpoint of its own where the resource differs", async () => {
    const create = vi.fn(async (input: { name: string }) => ({ id: 9, ...input }));
    const odd = crudApi<{ item: Thing; page: unknown; create: { name: string } }>({ key: "odd", path: "/odd", create });
    expect(await odd.create({ name: "C" })).toEqual({ id: 9, name: "C" });
    expect(create).toHaveBeenCalledOnce();
  });
});
