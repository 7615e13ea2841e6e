import { MessagePlaceholders, RandomPlaceholderRange } from "@leadflow/contracts";

export type Channel = "sms" | "email";

/** The built-in tag chips a message offers: the random number is SMS-only, unsubscribe_url email-only. */
export const BuiltInTags = {
  sms: [
    { key: "link", tag: MessagePlaceholders.link },
    { key: "source", tag: MessagePlaceholders.source },
    { key: "list", tag: MessagePlaceholders.list },
    { key: "last4", tag: MessagePlaceholders.last4 },
  ],
  email: [
    { key: "link", tag: MessagePlaceholders.link },
    { key: "unsubscribeUrl", tag: MessagePlaceholders.unsubscribeUrl },
    { key: "source", tag: MessagePlaceholders.source },
    { key: "list", tag: MessagePlaceholders.list },
  ],
} as const satisfies Record<Channel, readonly { key: string; tag: string }[]>;
export type BuiltInTagKey = (typeof BuiltInTags)[Channel][number]["key"];

/** A lead attribute's placeholder: its slug in braces, as the renderer reads it. */
export const attributeTag = (slug: string) => `{{${slug}}}`;

/**
 * The random number's bounds, 100 to 5000 by 500: the lowest, then every multiple of the step up to the highest
 * (100, 500, 1000 … 5000), so both ends of the range can be picked.
 */
export function randomBounds(range: { min: number; max: number; step: number } = RandomPlaceholderRange): number[] {
  const bounds = [range.min];
  for (let n = Math.ceil((range.min + 1) / range.step) * range.step; n <= range.max; n += range.step) bounds.push(n);
  if (bounds[bounds.length - 1] !== range.max) bounds.push(range.max);
  return bounds;
}
