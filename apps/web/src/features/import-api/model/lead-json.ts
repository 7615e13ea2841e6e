import { type PublicAttributeType, PublicAttributeTypes, type PublicImportRequest } from "@leadflow/contracts";

/** The editor's starting text: the attributes of one lead (a phone, an email and a First Name). */
export const EXAMPLE_ATTRIBUTES = [
  { type: "phone", attribute: "Phone", value: "+1 555 201 0001" },
  { type: "email", attribute: "Email", value: "ann@example.com" },
  { type: "string", attribute: "First Name", value: "Ann" },
] as const;

export const BLANK_ATTRIBUTE = { type: "string", attribute: "", value: "" } as const;

export const format = (value: unknown) => JSON.stringify(value, null, 2);
export const EXAMPLE_TEXT = format(EXAMPLE_ATTRIBUTES);

/** Why the editor's text cannot be sent; `syntax` carries the parser's own message. */
export type JsonProblem = { kind: "syntax"; detail: string } | { kind: "notArray" } | { kind: "noContact" };

export type ParsedAttributes = { ok: true; value: unknown[] } | { ok: false; problem: JsonProblem };

const isContact = (a: unknown) =>
  typeof a === "object" && a !== null && ((a as { type?: unknown }).type === "email" || (a as { type?: unknown }).type === "phone");

/**
 * Live check of the editor: JSON, an array (the attributes of one lead), at least one email or phone attribute (the
 * import interface's rule: "Each imported lead needs at least one attribute of type email or phone"). Finer rules
 * (names, lengths) are the server's: its 422 lists them.
 */
export function parseAttributes(text: string): ParsedAttributes {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, problem: { kind: "syntax", detail: e instanceof Error ? e.message : String(e) } };
  }
  if (!Array.isArray(value)) return { ok: false, problem: { kind: "notArray" } };
  if (!value.some(isContact)) return { ok: false, problem: { kind: "noContact" } };
  return { ok: true, value };
}

/**
 * The '+' button: the text with a blank attribute appended, or null when '+' is off (the text is not JSON or
 * not an array). An array without a contact attribute still takes one: the new row may become the contact.
 */
export function appendBlankAttribute(text: string): string | null {
  const parsed = parseAttributes(text);
  if (!parsed.ok && parsed.problem.kind !== "noContact") return null;
  const list = JSON.parse(text) as unknown[];
  return format([...list, { ...BLANK_ATTRIBUTE }]);
}

export const canAppend = (text: string) => appendBlankAttribute(text) !== null;

export function canSave(apiKey: string, text: string): boolean {
  return apiKey.trim() !== "" && parseAttributes(text).ok;
}

/** The request of one lead: `{ leads: [ { attributes } ] }`. The server validates each attribute. */
export function importBody(attributes: unknown[]): PublicImportRequest {
  return { leads: [{ attributes: attributes as PublicImportRequest["leads"][number]["attributes"] }] };
}

export const IMPORT_PATH = "/api/import/lead";

/** The address the page shows and posts to, as another system would call it. */
export function targetUrl(origin: string, apiKey: string): string {
  return `${origin}${IMPORT_PATH}?api_key=${encodeURIComponent(apiKey.trim())}`;
}

export const attributeTypes: readonly PublicAttributeType[] = PublicAttributeTypes;
