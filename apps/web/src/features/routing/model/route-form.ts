import {
  type CampaignRoute,
  type CarrierGroup,
  type GatewaySenderOptions,
  RoutingFrequencyMessage,
  RoutingLimits,
  type SaveRoute,
  SaveRoute as SaveRouteSchema,
} from "@leadflow/contracts";
import { z } from "zod";
import { emptySender, type SenderFormValues, senderFormSchema, toSenderInput, typedName } from "./sender";

export interface RouteGroupFormValues extends SenderFormValues {
  group_id: number | "";
  /** The input's text: "" is 0 (spec 2 §5). */
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

/** Spec 2 §2: the default's frequency plus every group's; a field that is not a number yet counts as 0. */
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
      rows.forEach((row, i) => {
        if (rows.findIndex((r) => r.group_id === row.group_id) < i)
          ctx.addIssue({ code: "custom", path: [i, "group_id"], message: "This carrier group is already in the route." });
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

/** The groups a row may pick: its own and those no other row has. */
export const groupChoices = (all: readonly CarrierGroup[], rows: readonly { group_id: number | "" }[], index: number) =>
  all.map((g) => ({ ...g, used: rows.some((r, i) => i !== index && r.group_id === g.id) }));

/** A new group row: the first group not in the route, through the default's gateway; null when every group is in. */
export function newGroupRow(all: readonly CarrierGroup[], rows: readonly { group_id: number | "" }[], gatewayId: number | "") {
  const free = all.find((g) => !rows.some((r) => r.group_id === g.id));
  return free ? { ...emptySender(gatewayId), group_id: free.id, frequency: "" } : null;
}

/** Server keys (`default.sender`, `groups.1.group_id`) are the form's own paths. */
export const routeErrorPath = (key: string): string | null => (/^(name|default\.\w+|groups\.\d+\.\w+)$/.test(key) ? key : null);
