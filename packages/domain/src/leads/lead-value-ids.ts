import { createHash } from "node:crypto";
import { z } from "zod";
import { AppError } from "../shared/errors";

/**
 * The opaque ids of a lead's values on the lead page, base64url JSON. A phone or an email is named by its lead and
 * its row (its row id survives an edit of the number). A string value is named by (lead, attribute, value) — the
 * value by a hash of it, so that a 2,000-character value still makes a short path segment. Each id is stable while
 * its value is unchanged; a stale one (the value was edited or removed meanwhile) finds nothing: 404.
 */
export type ValueRef =
  | { kind: "phone"; leadId: number; rowId: number }
  | { kind: "email"; leadId: number; rowId: number }
  | { kind: "string"; leadId: number; attributeId: number; hash: string };

const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const Encoded = z.union([
  z.tuple([z.literal("p"), Id, Id]),
  z.tuple([z.literal("e"), Id, Id]),
  z.tuple([z.literal("v"), Id, Id, z.string().length(16)]),
]);

export function valueHash(value: string): string {
  return createHash("sha256").update(value).digest("base64url").slice(0, 16);
}

export function encodeValueId(ref: ValueRef): string {
  const body =
    ref.kind === "string" ? ["v", ref.leadId, ref.attributeId, ref.hash] : [ref.kind === "phone" ? "p" : "e", ref.leadId, ref.rowId];
  return Buffer.from(JSON.stringify(body)).toString("base64url");
}

/** The value an id names, if it is one of `kind`; anything else is a value that does not exist (404). */
export function decodeValueId<K extends ValueRef["kind"]>(id: string, kind: K): Extract<ValueRef, { kind: K }> {
  let parsed: z.infer<typeof Encoded>;
  try {
    parsed = Encoded.parse(JSON.parse(Buffer.from(id, "base64url").toString("utf8")));
  } catch {
    throw new AppError("lead_value_not_found");
  }
  const ref: ValueRef =
    parsed[0] === "v"
      ? { kind: "string", leadId: parsed[1], attributeId: parsed[2], hash: parsed[3] }
      : { kind: parsed[0] === "p" ? "phone" : "email", leadId: parsed[1], rowId: parsed[2] };
  if (ref.kind !== kind) throw new AppError("lead_value_not_found");
  return ref as Extract<ValueRef, { kind: K }>;
}
