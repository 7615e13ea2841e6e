import { errorCodes, type FastifyInstance } from "fastify";

const PROTO = 'The body may not contain a "__proto__" key.';
const CONSTRUCTOR = 'The body may not contain a "constructor" key with a "prototype" inside.';

function badRequest(message: string): Error {
  return Object.assign(new Error(message), { statusCode: 400 });
}

/**
 * Fastify's parser keeps the same rules (secure-json-parse) but answers every refusal, a poisoned key too,
 * with "Body is not valid JSON"; this one says which rule the body broke.
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    // A leading byte order mark is allowed, as Fastify's parser allows it.
    const text = String(body).replace(/^\uFEFF/, "");
    if (text.length === 0) return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(badRequest("The body is not valid JSON."), undefined);
    }
    const poisoned = poisonedKey(value);
    if (poisoned) return done(badRequest(poisoned), undefined);
    done(null, value);
  });
}

/**
 * JSON.parse keeps "__proto__" as a plain own key, but a later spread or merge would make it the prototype.
 * Walks without recursion: a body may nest a hundred thousand levels deep.
 */
function poisonedKey(value: unknown): string | undefined {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null) continue;
    if (!Array.isArray(node)) {
      if (Object.hasOwn(node, "__proto__")) return PROTO;
      const ctor: unknown = Object.hasOwn(node, "constructor") ? (node as { constructor: unknown }).constructor : undefined;
      if (typeof ctor === "object" && ctor !== null && Object.hasOwn(ctor, "prototype")) return CONSTRUCTOR;
    }
    for (const child of Object.values(node)) if (typeof child === "object" && child !== null) stack.push(child);
  }
  return undefined;
}
