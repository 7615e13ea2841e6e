import { z } from "zod";
import { PageMeta, requiredString, text } from "./common";
import {
  type GatewaySenderGroupKey,
  type GatewaySenders,
  gatewayTypeInfo,
  type SenderGroup,
  SenderGroups,
  type SenderShape,
} from "./gateways";

/*
 * Campaign Routes, Campaign Pools and what they pick from (docs/product/audiences-lookups-settings.md): carrier groups
 * and the senders of the team's SMS gateways. A sender is a phone or a pool plus a key.
 */

// ── Senders ──────────────────────────────────────────────────────────────────────────────────────────────────

/** `phone`: a number or alpha id the gateway sends from; `pool`: a provider-side pool the provider picks a number in. */
export const SenderTypes = ["phone", "pool"] as const;
export type SenderType = (typeof SenderTypes)[number];
export const SenderTypeLabels = { phone: "Phone", pool: "Pool" } as const satisfies Record<SenderType, string>;

/**
 * Which groups of a gateway's `senders` (SenderGroups) a campaign can send from, and as what. Every group of every
 * shape is named, so a new group in SenderGroups is a type error here until it says what it is. Commio accounts and
 * Telnyx messaging profiles are provider-side groups of numbers (the provider picks the number), like Twilio Messaging Services
 * and Flowroute DID groups.
 */
export const SenderGroupRoles = {
  none: {},
  twilio: { numbers: "phone", pools: "pool" },
  list: { list: "phone" },
  named_sender: { list: "phone" },
  named_account: { list: "pool" },
  profile: { list: "pool" },
  dids: { dids: "phone", did_groups: "pool" },
  number_name: { numbers: "phone" },
  numbers: { numbers: "phone" },
} as const satisfies { [S in SenderShape]: Record<(typeof SenderGroups)[S][number]["key"], SenderType> };

export const SmsSenderOption = z.object({ key: z.string(), label: z.string() });
export type SmsSenderOption = z.infer<typeof SmsSenderOption>;

export interface SenderOptionLists {
  from: SmsSenderOption[];
  pools: SmsSenderOption[];
}

/** Where each sender type's options are in the sender-options answer. */
export const SenderOptionList = { phone: "from", pool: "pools" } as const satisfies Record<SenderType, keyof SenderOptionLists>;

/**
 * A SMS gateway's `from` and `pools` options, in the one place they are derived: each group's key is its required
 * column (the number, the pool id, the sender name), the label adds the row's name when it has one. Secret columns
 * never reach a label; a key listed twice is offered once.
 */
export function senderOptionsOf(type: string, senders: Partial<GatewaySenders> | null | undefined): SenderOptionLists {
  const out: SenderOptionLists = { from: [], pools: [] };
  const info = gatewayTypeInfo("sms", type);
  if (!info) return out;
  const roles: Partial<Record<GatewaySenderGroupKey, SenderType>> = SenderGroupRoles[info.senders];
  const groups: readonly SenderGroup[] = SenderGroups[info.senders];
  for (const group of groups) {
    const role = roles[group.key];
    const keyColumn = group.columns.find((c) => c.required);
    if (!role || !keyColumn) continue;
    const nameColumn = group.columns.find((c) => c.key === "name" && c !== keyColumn && !c.secret);
    const list = out[SenderOptionList[role]];
    for (const row of senders?.[group.key] ?? []) {
      const key = row[keyColumn.key]?.trim();
      if (!key || list.some((o) => o.key === key)) continue;
      const name = nameColumn ? row.name?.trim() : undefined;
      list.push({ key, label: name ? `${name} (${key})` : key });
    }
  }
  return out;
}

/** GET /api/gateways/sms/sender-options: the active SMS gateways a team can send through (its own and the defaults). */
export const GatewaySenderOptions = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  /** The provider's label ("Twilio", "Sandbox (test)"). */
  type_alias: z.string(),
  active: z.boolean(),
  /** Provided by the platform. */
  default: z.boolean(),
  from: z.array(SmsSenderOption),
  pools: z.array(SmsSenderOption),
});
export type GatewaySenderOptions = z.infer<typeof GatewaySenderOptions>;
export const GatewaySenderOptionsList = z.object({ data: z.array(GatewaySenderOptions) });
export type GatewaySenderOptionsList = z.infer<typeof GatewaySenderOptionsList>;

// ── Carrier groups ───────────────────────────────────────────────────────────────────────────────────────────

export const CarrierGroup = z.object({ id: z.number().int(), name: z.string() });
export type CarrierGroup = z.infer<typeof CarrierGroup>;
/** The carrier-groups call answers `data.data`, as the web client reads it. */
export const CarrierGroupList = z.object({ data: z.object({ data: z.array(CarrierGroup) }) });
export type CarrierGroupList = z.infer<typeof CarrierGroupList>;

// ── Limits ───────────────────────────────────────────────────────────────────────────────────────────────────

/** Routes and pools show up to 100 with no paging, so a team has at most that many. */
export const RoutingLimits = { routes: 100, pools: 100, frequency: 100_000, poolSenders: 200, nameLength: 191, senderLength: 120 } as const;

// ── Requests ─────────────────────────────────────────────────────────────────────────────────────────────────

/** A picked id: a number, or a numeric string from a form; blank is "required". */
const dbId = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v)) : v),
    z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message),
  );

/** A route's carrier group may have several senders, each once: the group's leads are split between them. */
export const DuplicateGroupSender = "This sender already serves this carrier group.";

/**
 * The share of its carrier group's leads each of a route's group rows takes, in percent: its frequency over the sum of
 * its group's (all 0: equal shares); null for a row alone in its group.
 */
export function routeGroupShares(groups: readonly { group_id: unknown; frequency: number }[]): (number | null)[] {
  return groups.map((g) => {
    const same = groups.filter((o) => o.group_id === g.group_id);
    if (same.length < 2) return null;
    const total = same.reduce((sum, o) => sum + o.frequency, 0);
    return Math.round(total > 0 ? (100 * g.frequency) / total : 100 / same.length);
  });
}

/** Frequencies are whole numbers per minute, an empty one is 0 (docs/product/audiences-lookups-settings.md). */
export const RoutingFrequencyMessage = `The frequency must be a whole number from 0 to ${RoutingLimits.frequency}.`;
const blankIsZero = (v: unknown) => {
  if (v === null || v === undefined) return 0;
  if (typeof v !== "string") return v;
  return v.trim() === "" ? 0 : Number(v);
};
/** A number or a numeric string (form input); `true`, lists and other values stay what they are and fail. */
export const RoutingFrequency = z.preprocess(
  blankIsZero,
  z
    .number({ error: RoutingFrequencyMessage })
    .int(RoutingFrequencyMessage)
    .min(0, RoutingFrequencyMessage)
    .max(RoutingLimits.frequency, RoutingFrequencyMessage),
);

export const RoutingSenderInput = z.object({
  gateway_id: dbId("The gateway field is required."),
  sender_type: z.enum(SenderTypes, { error: "The sender type must be phone or pool." }),
  sender: requiredString("The sender field is required.")
    .trim()
    .min(1, "The sender field is required.")
    .max(RoutingLimits.senderLength, `The sender may not be greater than ${RoutingLimits.senderLength} characters.`),
  /** How the sender is shown; empty takes the gateway's label for it. */
  sender_name: text()
    .trim()
    .max(RoutingLimits.senderLength, `The sender name may not be greater than ${RoutingLimits.senderLength} characters.`)
    .nullish()
    .transform((v) => v ?? ""),
});
export type RoutingSenderInput = z.infer<typeof RoutingSenderInput>;

const nameField = requiredString("The name field is required.")
  .trim()
  .min(1, "The name field is required.")
  .max(RoutingLimits.nameLength, `The name may not be greater than ${RoutingLimits.nameLength} characters.`);

export const RouteSenderInput = RoutingSenderInput.extend({ frequency: RoutingFrequency });
export type RouteSenderInput = z.infer<typeof RouteSenderInput>;
export const RouteGroupInput = RouteSenderInput.extend({ group_id: dbId("The carrier group field is required.") });
export type RouteGroupInput = z.infer<typeof RouteGroupInput>;

/** POST /api/routes and PUT /api/routes/{id}: an update replaces the groups. */
export const SaveRoute = z.object({
  name: nameField,
  default: RouteSenderInput,
  groups: z.array(RouteGroupInput).max(50, "A route may have at most 50 carrier groups.").default([]),
});
export type SaveRoute = z.infer<typeof SaveRoute>;

/** POST /api/pools and PUT /api/pools/{id}: an update replaces the senders. */
export const SavePool = z.object({
  name: nameField,
  senders: z
    .array(RoutingSenderInput, { error: "Add at least one sender." })
    .min(1, "Add at least one sender.")
    .max(RoutingLimits.poolSenders, `A pool may have at most ${RoutingLimits.poolSenders} senders.`),
});
export type SavePool = z.infer<typeof SavePool>;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────────

const SenderRecord = z.object({
  gateway_id: z.number().int(),
  gateway_name: z.string(),
  sender_type: z.enum(SenderTypes),
  sender: z.string(),
  sender_name: z.string(),
});

export const RouteDefault = SenderRecord.extend({ frequency: z.number().int() });
export type RouteDefault = z.infer<typeof RouteDefault>;
export const RouteGroup = SenderRecord.extend({
  id: z.number().int(),
  group_id: z.number().int(),
  group: CarrierGroup,
  frequency: z.number().int(),
});
export type RouteGroup = z.infer<typeof RouteGroup>;

export const CampaignRoute = z.object({
  id: z.number().int(),
  name: z.string(),
  default: RouteDefault,
  groups: z.array(RouteGroup),
  /** Messages per minute: the default's frequency plus every group's. */
  estimated_frequency: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CampaignRoute = z.infer<typeof CampaignRoute>;
export const CampaignRouteList = z.object({ data: z.array(CampaignRoute), meta: PageMeta });
export type CampaignRouteList = z.infer<typeof CampaignRouteList>;
export const CampaignRouteSaved = z.object({ message: z.string(), data: CampaignRoute });
export type CampaignRouteSaved = z.infer<typeof CampaignRouteSaved>;

export const PoolSender = SenderRecord.extend({ id: z.number().int() });
export type PoolSender = z.infer<typeof PoolSender>;
export const CampaignPool = z.object({
  id: z.number().int(),
  name: z.string(),
  senders: z.array(PoolSender),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CampaignPool = z.infer<typeof CampaignPool>;
export const CampaignPoolList = z.object({ data: z.array(CampaignPool), meta: PageMeta });
export type CampaignPoolList = z.infer<typeof CampaignPoolList>;
export const CampaignPoolSaved = z.object({ message: z.string(), data: CampaignPool });
export type CampaignPoolSaved = z.infer<typeof CampaignPoolSaved>;

export const RoutingMessages = {
  routeCreated: "Route has been created.",
  routeUpdated: "Route has been updated.",
  routeDeleted: "Route has been deleted.",
  poolCreated: "Pool has been created.",
  poolUpdated: "Pool has been updated.",
  poolDeleted: "Pool has been deleted.",
} as const;

/** The estimated frequency of a route: the default's plus the sum of the groups'. */
export const estimatedFrequency = (route: { default: { frequency: number }; groups: readonly { frequency: number }[] }): number =>
  route.groups.reduce((sum, g) => sum + g.frequency, route.default.frequency);
