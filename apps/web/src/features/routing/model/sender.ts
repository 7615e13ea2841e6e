import {
  type GatewaySenderOptions,
  RoutingSenderInput,
  SenderOptionList,
  type SenderType,
  SenderTypes,
  type SmsSenderOption,
} from "@leadflow/contracts";
import { z } from "zod";

/** A sender in a form: the gateway select's "not chosen" is "". */
export interface SenderFormValues {
  gateway_id: number | "";
  sender_type: SenderType;
  sender: string;
  sender_name: string;
}

export const emptySender = (gatewayId: number | "" = ""): SenderFormValues => ({
  gateway_id: gatewayId,
  sender_type: "phone",
  sender: "",
  sender_name: "",
});

/** The contract's sender fields, with the gateway as the select holds it. */
export const senderFormSchema = z.object({
  gateway_id: z.union([z.number().int().positive(), z.literal("")]).refine((v) => v !== "", "The gateway field is required."),
  sender_type: z.enum(SenderTypes),
  sender: RoutingSenderInput.shape.sender,
  sender_name: z.string().trim().max(120, "The sender name may not be greater than 120 characters."),
});

/** A sender as the request sends it. */
export const toSenderInput = (s: SenderFormValues) => ({
  gateway_id: Number(s.gateway_id),
  sender_type: s.sender_type,
  sender: s.sender.trim(),
  sender_name: s.sender_name.trim(),
});

/** One sender across gateways and types (a phone or a pool plus a key): equal keys are the same sender. */
export const senderKey = (s: { gateway_id: number | ""; sender_type: SenderType; sender: string }): string =>
  `${s.gateway_id}:${s.sender_type}:${s.sender.trim()}`;

export const optionsOf = (gateway: GatewaySenderOptions | undefined, type: SenderType): SmsSenderOption[] =>
  gateway ? gateway[SenderOptionList[type]] : [];

/**
 * What the sender select offers: the gateway's senders of the type, and the saved one when the gateway no longer
 * has it (so an edit shows what is stored rather than a blank; the server refuses it on save).
 */
export function senderChoices(
  gateway: GatewaySenderOptions | undefined,
  type: SenderType,
  current: string,
): { options: SmsSenderOption[]; missing: string | null } {
  const options = optionsOf(gateway, type);
  const missing = current && !options.some((o) => o.key === current) ? current : null;
  return { options, missing };
}

export const labelOf = (gateway: GatewaySenderOptions | undefined, type: SenderType, key: string): string | undefined =>
  optionsOf(gateway, type).find((o) => o.key === key)?.label;

/**
 * A saved sender's name as the form holds it. The server stores the sender's label when the name was left empty, so
 * a name that is only that label (or the key itself) shows as empty again: the field's placeholder and hint say what
 * an empty name shows, and a later change of sender is not held to the old label.
 */
export function typedName(
  s: { gateway_id: number; sender_type: SenderType; sender: string; sender_name: string },
  gateways: readonly GatewaySenderOptions[],
): string {
  const label = labelOf(
    gateways.find((g) => g.id === s.gateway_id),
    s.sender_type,
    s.sender,
  );
  return s.sender_name === s.sender || s.sender_name === label ? "" : s.sender_name;
}

/**
 * The sender name after the sender changes: a name that was only the old sender's label goes (the server fills in
 * the new one's); a name the user typed stays.
 */
export const nameAfterSenderChange = (name: string, previousLabel: string | undefined): string =>
  name.trim() === "" || name.trim() === previousLabel ? "" : name;

/** How a saved sender reads: its name, with the key when the name does not already say it. */
export const senderDisplay = (s: { sender: string; sender_name: string }): string =>
  !s.sender_name || s.sender_name === s.sender
    ? s.sender
    : s.sender_name.includes(s.sender)
      ? s.sender_name
      : `${s.sender_name} (${s.sender})`;
