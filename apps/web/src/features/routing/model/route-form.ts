import {
  type CampaignRoute,
  type CarrierGroup,
  DuplicateGroupSender,
  type GatewaySenderOptions,
  RoutingFrequencyMessage,
  RoutingLimits,
  routeGroupShares,
  type SaveRoute,
  SaveRoute as SaveRouteSchema,
} from "@leadflow/contracts";
import { z } from "zod";
import { emptySender, type SenderFormValues, senderFormSchema, toSenderInput, typedName } from "./sender";

export interface RouteGroupFormValues extends SenderFormValues {
  group_id: number | "";
  /** The input's text: "" is 0 (docs/product/audiences-lookups-settings.md). */
  frequency: string;
}

export interface RouteFormValues {
  name: string;
  default: SenderFormValues & { frequency: string };
  groups: RouteGroupFormValues[];
}

/** A frequency field's number: blank is 0; anything but a whole number from 0 to the limit is null. */
export function parseFrequency(text: string): number | null {
  const value = text.trim();
  if (value === "") return 0;
  if (!/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n <= RoutingLimits.frequency ? n : null;
}

/** The default's frequency plus every group's; a field that is not a number yet counts as 0. */
export const estimatedFrequencyOf = (v: Pick<RouteFormValues, "default" | "groups">): number =>
  [v.default, ...v.groups].reduce((sum, row) => sum + (parseFrequency(row.frequency) ?? 0), 0);

const frequencyField = z.string().refine((v) => parseFrequency(v) !== null, RoutingFrequencyMessage);

export const routeFormSchema = z.object({
  name: SaveRouteSchema.shape.name,
  default: senderFormSchema.extend({ frequency: frequencyField }),
  groups: z
    .array(
      senderFormSchema.extend({
        group_id: z.union([z.number().int().positive(), z.literal("")]).refine((v) => v !== "", "The carrier group field is required."),
        frequency: frequencyField,
      }),
    )
    .superRefine((rows, ctx) => {
      const key = (r: (typeof rows)[number]) => `${r.group_id}|${r.gateway_id}|${r.sender}`;
      rows.forEach((row, i) => {
        if (row.sender !== "" && rows.findIndex((r) => key(r) === key(row)) < i)
          ctx.addIssue({ code: "custom", path: [i, "sender"], message: DuplicateGroupSender });
      });
    }),
});

/** A new route sends through the first gateway offered until another is picked. */
export const emptyRouteForm = (gatewayId: number | "" = ""): RouteFormValues => ({
  name: "",
  default: { ...emptySender(gatewayId), frequency: "" },
  groups: [],
});

/** A saved route in the form; `gateways` tell which names are only their sender's label (see typedName). */
export function routeFormFromRecord(r: CampaignRoute, gateways: readonly GatewaySenderOptions[] = []): RouteFormValues {
  const sender = (s: Omit<SenderFormValues, "gateway_id"> & { gateway_id: number }) => ({
    gateway_id: s.gateway_id,
    sender_type: s.sender_type,
    sender: s.sender,
    sender_name: typedName(s, gateways),
  });
  return {
    name: r.name,
    default: { ...sender(r.default), frequency: String(r.default.frequency) },
    groups: r.groups.map((g) => ({ ...sender(g), group_id: g.group_id, frequency: String(g.frequency) })),
  };
}

export function toSaveRoute(v: RouteFormValues): SaveRoute {
  return {
    name: v.name.trim(),
    default: { ...toSenderInput(v.default), frequency: parseFrequency(v.default.frequency) ?? 0 },
    groups: v.groups.map((g) => ({ ...toSenderInput(g), group_id: Number(g.group_id), frequency: parseFrequency(g.frequency) ?? 0 })),
  };
}

/** The share of its group's leads each group row takes (see routeGroupShares), as the form's fields read now. */
export const groupSharesOf = (rows: readonly Pick<RouteGroupFormValues, "group_id" | "frequency">[]) =>
  routeGroupShares(rows.map((r) => ({ group_id: r.group_id, frequency: parseFrequency(r.frequency) ?? 0 })));

/**
 * A new group row through the default's gateway: the first group not in the route yet, else (every group is in) the
 * last row's group again, for a second sender that splits its leads; null when there are no carrier groups.
 */
export function newGroupRow(all: readonly CarrierGroup[], rows: readonly { group_id: number | "" }[], gatewayId: number | "") {
  const free = all.find((g) => !rows.some((r) => r.group_id === g.id)) ?? all.find((g) => g.id === rows.at(-1)?.group_id) ?? all[0];
  return free ? { ...emptySender(gatewayId), group_id: free.id, frequency: "" } : null;
}

/** Server keys (`default.sender`, `groups.1.group_id`) are the form's own paths. */
export const routeErrorPath = (key: string): string | null => (/^(name|default\.\w+|groups\.\d+\.\w+)$/.test(key) ? key : null);
