/** The parts of an OpenAPI 3 description this page reads. Everything is optional: the page copes with gaps. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  description?: string;
  example?: unknown;
  examples?: unknown[];
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
}

export interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  summary?: string;
  description?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { description?: string; content?: Record<string, { schema?: JsonSchema; example?: unknown }> };
  responses?: Record<string, { description?: string }>;
  security?: Record<string, string[]>[];
}

export interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation | undefined> | undefined>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    securitySchemes?: Record<string, { type?: string; in?: string; name?: string; description?: string }>;
  };
}

export type Constraint =
  | { kind: "enum"; values: string[] }
  | { kind: "length"; min?: number; max?: number }
  | { kind: "items"; min?: number; max?: number };

export interface FieldDoc {
  /** `leads[].attributes[].type` */
  name: string;
  depth: number;
  type: string;
  required: boolean;
  description?: string;
  constraints: Constraint[];
}

export interface ParameterDoc {
  name: string;
  in: string;
  type: string;
  required: boolean;
  description?: string;
}

export interface ResponseDoc {
  code: string;
  /** The server's text; absent when it has none (or only the generator's 'Default Response'). */
  description?: string;
}

export interface EndpointDoc {
  method: string;
  path: string;
  summary?: string;
  description?: string;
  auth: { in: string; name: string; description?: string }[];
  parameters: ParameterDoc[];
  fields: FieldDoc[];
  example: unknown;
  responses: ResponseDoc[];
}

const MAX_DEPTH = 8;

/** Follows a local `#/components/schemas/…` reference; anything else is taken as is. */
function resolver(doc: OpenApiDocument) {
  return (s: JsonSchema | undefined): JsonSchema | undefined => {
    let current = s;
    for (let hops = 0; current?.$ref && hops < 10; hops++) {
      const name = current.$ref.match(/^#\/components\/schemas\/(.+)$/)?.[1];
      current = name ? doc.components?.schemas?.[decodeURIComponent(name)] : undefined;
    }
    return current;
  };
}
type Resolve = ReturnType<typeof resolver>;

const variants = (s: JsonSchema) => s.anyOf ?? s.oneOf ?? [];

/** 'string', 'array of object', 'string | number | boolean', 'integer (nullable)'. */
export function typeLabel(s: JsonSchema | undefined, resolve: Resolve = (x) => x, depth = 0): string {
  const r = resolve(s);
  if (!r || depth > MAX_DEPTH) return "any";
  const alternatives = variants(r);
  if (alternatives.length) {
    const labels = [...new Set(alternatives.map((v) => typeLabel(v, resolve, depth + 1)))].filter((l) => l !== "null");
    return labels.join(" | ") + (alternatives.some((v) => resolve(v)?.type === "null") ? " | null" : "");
  }
  if (r.allOf?.length === 1) return typeLabel(r.allOf[0], resolve, depth + 1);
  if (r.type === "null") return "null";
  const types = (Array.isArray(r.type) ? r.type : r.type ? [r.type] : []).filter((t) => t !== "null");
  const nullable = r.nullable || (Array.isArray(r.type) && r.type.includes("null"));
  let label = types.join(" | ") || (r.properties ? "object" : r.items ? "array" : r.enum ? typeof r.enum[0] : "any");
  if (label === "array" && r.items) label = `array of ${typeLabel(r.items, resolve, depth + 1)}`;
  return nullable ? `${label} | null` : label;
}

function constraintsOf(s: JsonSchema): Constraint[] {
  const out: Constraint[] = [];
  if (s.enum?.length) out.push({ kind: "enum", values: s.enum.map(String) });
  if (s.minLength !== undefined || s.maxLength !== undefined) out.push({ kind: "length", min: s.minLength, max: s.maxLength });
  if (s.minItems !== undefined || s.maxItems !== undefined) out.push({ kind: "items", min: s.minItems, max: s.maxItems });
  return out;
}

/** The object an array or a property leads into, if any: `leads` → the lead object, `attributes` → the attribute. */
function objectWithin(s: JsonSchema | undefined, resolve: Resolve): JsonSchema | undefined {
  const r = resolve(s);
  if (!r) return undefined;
  if (r.properties) return r;
  if (r.allOf?.length === 1) return objectWithin(r.allOf[0], resolve);
  return undefined;
}

/** Every field of a body, depth first, arrays written `name[]`: leads → leads[].attributes → leads[].attributes[].type … */
export function walkFields(schema: JsonSchema | undefined, resolve: Resolve = (x) => x, prefix = "", depth = 0): FieldDoc[] {
  const object = objectWithin(schema, resolve);
  if (!object?.properties || depth > MAX_DEPTH) return [];
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).flatMap(([key, raw]) => {
    const s = resolve(raw) ?? {};
    const name = prefix ? `${prefix}.${key}` : key;
    const field: FieldDoc = {
      name,
      depth,
      type: typeLabel(s, resolve),
      required: required.has(key),
      description: raw.description ?? s.description,
      constraints: constraintsOf(s),
    };
    const items = resolve(s.items);
    const children = items ? walkFields(items, resolve, `${name}[]`, depth + 1) : walkFields(s, resolve, name, depth + 1);
    return [field, ...children];
  });
}

/** An example when the server gives none: the first enum value, one array item, a placeholder per type. */
export function exampleOf(schema: JsonSchema | undefined, resolve: Resolve = (x) => x, depth = 0): unknown {
  const s = resolve(schema);
  if (!s || depth > MAX_DEPTH) return null;
  if (s.example !== undefined) return s.example;
  if (s.examples?.length) return s.examples[0];
  if (s.enum?.length) return s.enum[0];
  const alternatives = variants(s);
  if (alternatives.length) return exampleOf(alternatives[0], resolve, depth + 1);
  if (s.allOf?.length === 1) return exampleOf(s.allOf[0], resolve, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  if (type === "object" || s.properties)
    return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, exampleOf(v, resolve, depth + 1)]));
  if (type === "array" || s.items) return [exampleOf(s.items, resolve, depth + 1)];
  if (type === "integer" || type === "number") return 0;
  if (type === "boolean") return true;
  return "string";
}

const isKeyParameter = (name: string) => /^(x-)?api[-_]?key$/i.test(name);

/** `x-api-key` → `X-Api-Key`: how people write header names (they match in any case). */
export function headerName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
}

const displayName = (p: { in: string; name: string }) => (p.in === "header" ? headerName(p.name) : p.name);

/** The server's response text, unless it is the generator's placeholder. */
const realDescription = (d: string | undefined) => (d?.trim() && d !== "Default Response" ? d : undefined);

/**
 * One operation ready to show. `codes` are the status codes to document even when the server's description
 * leaves them out (the page has its own text for those); the server's own codes are added.
 */
export function describeEndpoint(doc: OpenApiDocument, path: string, method: string, codes: readonly string[] = []): EndpointDoc | null {
  const op = doc.paths?.[path]?.[method];
  if (!op) return null;
  const resolve = resolver(doc);
  const parameters: ParameterDoc[] = (op.parameters ?? []).map((p) => ({
    name: displayName(p),
    in: p.in,
    type: typeLabel(p.schema, resolve),
    required: !!p.required,
    description: p.description,
  }));
  const auth = [
    ...parameters.filter((p) => isKeyParameter(p.name)).map(({ in: where, name, description }) => ({ in: where, name, description })),
    ...(op.security ?? [])
      .flatMap((req) => Object.keys(req))
      .map((k) => doc.components?.securitySchemes?.[k])
      .filter((s): s is { type: string; in: string; name: string } => s?.type === "apiKey" && !!s.in && !!s.name)
      .map((s) => ({ in: s.in, name: displayName(s) })),
  ].filter((a, i, all) => all.findIndex((b) => b.in === a.in && b.name.toLowerCase() === a.name.toLowerCase()) === i);

  const media = op.requestBody?.content?.["application/json"] ?? Object.values(op.requestBody?.content ?? {})[0];
  const bodySchema = media?.schema;
  const example = media?.example ?? (bodySchema ? exampleOf(bodySchema, resolve) : undefined);

  const documented = op.responses ?? {};
  const allCodes = [...new Set([...codes, ...Object.keys(documented)])].sort((a, b) => codeOrder(a) - codeOrder(b));
  return {
    method: method.toUpperCase(),
    path,
    summary: op.summary || undefined,
    description: op.description || undefined,
    auth,
    parameters,
    fields: walkFields(bodySchema, resolve),
    example,
    responses: allCodes.map((code) => ({ code, description: realDescription(documented[code]?.description) })),
  };
}

/** Numeric codes in order; `default` and patterns like `4XX` after the numbers of their class. */
function codeOrder(code: string): number {
  const n = Number(code);
  if (Number.isFinite(n)) return n;
  const cls = Number(code[0]);
  return Number.isFinite(cls) ? cls * 100 + 99.5 : 1000;
}

/** A shell-safe curl command posting `body` as JSON. */
export function curlCommand(method: string, url: string, body: unknown): string {
  const quote = (s: string) => `'${s.replaceAll("'", `'"'"'`)}'`;
  const lines = [`curl -X ${method} ${quote(url)}`, `  -H ${quote("Content-Type: application/json")}`];
  if (body !== undefined) lines.push(`  -d ${quote(JSON.stringify(body, null, 2))}`);
  return lines.join(" \\\n");
}
