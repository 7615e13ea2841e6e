import { type CampaignPool, type GatewaySenderOptions, type SavePool, SavePool as SavePoolSchema } from "@leadflow/contracts";
import { z } from "zod";
import { emptySender, type SenderFormValues, senderFormSchema, senderKey, toSenderInput, typedName } from "./sender";

export interface PoolFormValues {
  name: string;
  senders: SenderFormValues[];
}

export const poolFormSchema = z.object({
  name: SavePoolSchema.shape.name,
  senders: z
    .array(senderFormSchema)
    .min(1, "Add at least one sender.")
    .superRefine((rows, ctx) => {
      rows.forEach((row, i) => {
        if (row.sender.trim() !== "" && rows.findIndex((r) => senderKey(r) === senderKey(row)) < i)
          ctx.addIssue({ code: "custom", path: [i, "sender"], message: "This sender is already in the pool." });
      });
    }),
});

/** A new pool starts with one empty sender row on the first gateway offered. */
export const emptyPoolForm = (gatewayId: number | "" = ""): PoolFormValues => ({ name: "", senders: [emptySender(gatewayId)] });

/** A saved pool in the form; `gateways` tell which names are only their sender's label (see typedName). */
export const poolFormFromRecord = (p: CampaignPool, gateways: readonly GatewaySenderOptions[] = []): PoolFormValues => ({
  name: p.name,
  senders: p.senders.map((s) => ({
    gateway_id: s.gateway_id,
    sender_type: s.sender_type,
    sender: s.sender,
    sender_name: typedName(s, gateways),
  })),
});

export const toSavePool = (v: PoolFormValues): SavePool => ({ name: v.name.trim(), senders: v.senders.map(toSenderInput) });

/** Server keys (`senders.1.sender`) are the form's own paths; `senders` itself goes to the alert. */
export const poolErrorPath = (key: string): string | null => (/^(name|senders\.\d+\.\w+)$/.test(key) ? key : null);
