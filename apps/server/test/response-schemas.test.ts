import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";

/**
 * Every route declares its success answer with a schema from packages/contracts: the web app's types, the OpenAPI
 * description and the serializer (which drops keys the schema does not name) then say the same thing. The routes
 * come from the app itself, so a new route without one fails here. The SPA's routes are not registered in this
 * app (static.test.ts covers them).
 */
const WITHOUT_SCHEMA: Record<string, string> = {
  "GET /api/health": "a probe for load balancers, not part of the API",
  "GET /api/openapi.json": "the description itself",
  "GET /app/:key": "the WebSocket upgrade of the live channel",
  "GET /o/:messageId/:sig": "an email's open pixel: a 1×1 GIF",
  "GET /api/segments/exports/:id/download": "streams a CSV file",
  "GET /api/compliance-files/:id/download": "streams a ZIP file",
  "GET /unsubscribe/:id": "the unsubscribe page a person opens from an email: HTML",
  "POST /unsubscribe/:id": "the unsubscribe page's button and RFC 8058 one-click: HTML, or an empty 200 to a mail client",
  "GET /f/:code": "a list's hosted sign-up form: an HTML page on the team's short domain",
  "POST /f/:code": "the hosted sign-up form's submission: the HTML page again, with its errors or its thanks",
};

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}

let api: Api;
let operations: Map<string, Operation>;
beforeAll(async () => {
  api = await setupApi();
  const doc = (await api.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = new Map(
    Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([m, op]) => [`${m.toUpperCase()} ${path}`, op] as const)),
  );
});
afterAll(() => api.close());

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const declaresSuccess = (op: Operation | undefined) =>
  Object.entries(op?.responses ?? {}).some(([status, r]) => /^2\d\d$/.test(status) && r.content?.["application/json"]?.schema);

describe("response schemas", () => {
  it("every route declares its 2xx answer, but for the listed exceptions", () => {
    expect(api.routes.length).toBeGreaterThan(100);
    const missing = api.routes
      .filter((r) => !(key(r) in WITHOUT_SCHEMA))
      .filter((r) => !declaresSuccess(operations.get(`${r.method} ${r.url.replace(/:(\w+)/g, "{$1}")}`)))
      .map(key);
    expect(missing).toEqual([]);
  });

  it("lists only exceptions that are routes of the app", () => {
    expect(Object.keys(WITHOUT_SCHEMA).filter((k) => !api.routes.some((r) => key(r) === k))).toEqual([]);
  });
});
