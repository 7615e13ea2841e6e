import { PublicImportRequest } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  curlCommand,
  describeEndpoint,
  exampleOf,
  headerName,
  type JsonSchema,
  type OpenApiDocument,
  typeLabel,
  walkFields,
} from "./openapi";

/** A description of the import as the contract alone gives it: no summary, no descriptions, no example. */
const bodySchema = z.toJSONSchema(PublicImportRequest, { io: "input" }) as JsonSchema;
const bare: OpenApiDocument = {
  paths: {
    "/api/import/lead": {
      post: {
        parameters: [
          { name: "api_key", in: "query", schema: { type: "string" } },
          { name: "x-api-key", in: "header", schema: { type: "string" } },
          { name: "idempotency-key", in: "header", schema: { type: "string", maxLength: 255 } },
        ],
        requestBody: { content: { "application/json": { schema: bodySchema } } },
        responses: { "200": { description: "Default Response" } },
      },
    },
  },
};

describe("walking the request body", () => {
  const fields = walkFields(bodySchema);

  it("goes leads[] → attributes[] → type / attribute / value, then the optional consent", () =>
    expect(fields.map((f) => [f.name, f.depth, f.required])).toEqual([
      ["leads", 0, true],
      ["leads[].attributes", 1, true],
      ["leads[].attributes[].type", 2, true],
      ["leads[].attributes[].attribute", 2, true],
      ["leads[].attributes[].value", 2, true],
      ["leads[].consent", 1, false],
      ...["captured_at", "page_url", "ip", "user_agent", "language", "seller", "trusted_form_cert_url", "leadid_token", "evidence"].map(
        (k) => [`leads[].consent.${k}`, 2, false],
      ),
    ]));

  it("names types and limits", () => {
    const by = Object.fromEntries(fields.map((f) => [f.name, f]));
    expect(by.leads?.type).toBe("array of object");
    expect(by.leads?.constraints).toEqual([{ kind: "items", min: 1, max: 100 }]);
    expect(by["leads[].attributes[].type"]?.constraints).toEqual([{ kind: "enum", values: ["email", "phone", "string"] }]);
    expect(by["leads[].attributes[].attribute"]?.constraints).toEqual([{ kind: "length", min: 1, max: 191 }]);
    expect(by["leads[].attributes[].value"]?.type).toBe("string | number | boolean");
    expect(fields.every((f) => f.description === undefined)).toBe(true);
  });

  it("follows component references and keeps a property's own description", () => {
    const doc: OpenApiDocument = {
      components: {
        schemas: {
          Lead: { type: "object", properties: { attributes: { type: "array", items: { $ref: "#/components/schemas/Attr" } } } },
          Attr: { type: "object", required: ["type"], properties: { type: { type: "string", description: "email, phone or string" } } },
        },
      },
      paths: {
        "/x": {
          post: {
            requestBody: {
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: { leads: { type: "array", items: { $ref: "#/components/schemas/Lead" }, description: "The leads." } },
                  },
                },
              },
            },
          },
        },
      },
    };
    const d = describeEndpoint(doc, "/x", "post")!;
    expect(d.fields.map((f) => [f.name, f.description, f.required])).toEqual([
      ["leads", "The leads.", false],
      ["leads[].attributes", undefined, false],
      ["leads[].attributes[].type", "email, phone or string", true],
    ]);
  });

  it("stops at a schema that refers to itself", () => {
    const doc: OpenApiDocument = {
      components: { schemas: { Node: { type: "object", properties: { child: { $ref: "#/components/schemas/Node" } } } } },
    };
    const resolve = (s: JsonSchema | undefined) => (s?.$ref ? doc.components!.schemas!.Node : s);
    expect(walkFields({ $ref: "#/components/schemas/Node" }, resolve).length).toBeLessThan(20);
  });
});

describe("describeEndpoint", () => {
  it("copes with a description that has none of the texts", () => {
    const d = describeEndpoint(bare, "/api/import/lead", "post", ["200", "401", "429", "500", "502"])!;
    expect(d.method).toBe("POST");
    expect(d.summary).toBeUndefined();
    expect(d.description).toBeUndefined();
    expect(d.responses).toEqual([
      { code: "200", description: undefined },
      { code: "401", description: undefined },
      { code: "429", description: undefined },
      { code: "500", description: undefined },
      { code: "502", description: undefined },
    ]);
  });

  it("finds the key parameters for the authentication section, headers written as people write them", () => {
    const d = describeEndpoint(bare, "/api/import/lead", "post")!;
    expect(d.auth.map((a) => `${a.in}:${a.name}`)).toEqual(["query:api_key", "header:X-Api-Key"]);
    expect(d.parameters.map((p) => p.name)).toEqual(["api_key", "X-Api-Key", "Idempotency-Key"]);
  });

  it("adds the server's codes to the documented ones, in order, with their texts", () => {
    const doc = structuredClone(bare);
    doc.paths!["/api/import/lead"]!.post!.responses = { "422": { description: "Invalid." }, "200": { description: "OK." } };
    const d = describeEndpoint(doc, "/api/import/lead", "post", ["401", "200"])!;
    expect(d.responses).toEqual([
      { code: "200", description: "OK." },
      { code: "401", description: undefined },
      { code: "422", description: "Invalid." },
    ]);
  });

  it("answers null for a path the server does not describe", () => expect(describeEndpoint({}, "/api/import/lead", "post")).toBeNull());

  it("uses the server's example, else builds one that the contract accepts", () => {
    const built = describeEndpoint(bare, "/api/import/lead", "post")!.example;
    expect(PublicImportRequest.safeParse(built).success).toBe(true);
    const doc = structuredClone(bare);
    doc.paths!["/api/import/lead"]!.post!.requestBody!.content!["application/json"]!.example = { leads: [] };
    expect(describeEndpoint(doc, "/api/import/lead", "post")!.example).toEqual({ leads: [] });
  });
});

describe("helpers", () => {
  it.each([
    [{ type: "integer", nullable: true }, "integer | null"],
    [{ type: ["string", "null"] }, "string | null"],
    [{ anyOf: [{ type: "string" }, { type: "null" }] }, "string | null"],
    [{ type: "array", items: { type: "string" } }, "array of string"],
    [{}, "any"],
  ] as [JsonSchema, string][])("typeLabel(%j) → %s", (s, label) => expect(typeLabel(s)).toBe(label));

  it("builds placeholders per type", () =>
    expect(exampleOf({ type: "object", properties: { n: { type: "integer" }, b: { type: "boolean" }, e: { enum: ["x", "y"] } } })).toEqual({
      n: 0,
      b: true,
      e: "x",
    }));

  it.each([
    ["x-api-key", "X-Api-Key"],
    ["idempotency-key", "Idempotency-Key"],
  ])("headerName(%s) → %s", (raw, name) => expect(headerName(raw)).toBe(name));

  it("quotes the curl body for a shell", () => {
    const cmd = curlCommand("POST", "https://h/api/import/lead?api_key=K", { v: "it's" });
    expect(cmd).toContain("curl -X POST 'https://h/api/import/lead?api_key=K'");
    expect(cmd).toContain(`it'"'"'s`);
  });
});
