import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";

let api: Api;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api.close());

describe("OpenAPI description", () => {
  it("is generated from the route schemas and lists every API route", async () => {
    const res = await api.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown[] }>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths["/api/sources"]?.post?.requestBody).toBeDefined();
    expect(doc.paths["/api/sources/{id}"]?.put?.parameters?.length).toBeGreaterThan(0);
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    const apiRoutes = api.routes.filter((r) => r.url.startsWith("/api/") && r.url !== "/api/openapi.json");
    for (const r of apiRoutes) expect(documented).toContain(`${r.method} ${r.url.replace(/:(\w+)/g, "{$1}")}`);
  });
});
