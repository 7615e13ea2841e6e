import { zodResolver } from "@hookform/resolvers/zod";
import {
  answerSender,
  type RenderedAnswer,
  renderTeamAnswers,
  SaveTeamMessaging,
  type SystemKeywordAction,
  type TeamMessaging,
} from "@leadflow/contracts";
import type { Control } from "react-hook-form";
import type { z } from "zod";

/** The card's fields: "" is unset (the team's name, or its first admin's email, stands in). */
export interface MessagingFormValues {
  brand_name: string;
  help_contact: string;
}

export type MessagingControl = Control<MessagingFormValues, unknown, SaveTeamMessaging>;

/** The contract checks the card: its fields are the request's, as strings ("" for unset). */
export const messagingFormResolver = zodResolver(SaveTeamMessaging as z.ZodType<SaveTeamMessaging, MessagingFormValues>);

/** The server's field keys are the form's. */
export const MESSAGING_FIELDS = ["brand_name", "help_contact"] as const;

/** The answers in the order the card shows them: the two carriers check first, then START. */
export const PREVIEW_ORDER = ["stop", "help", "start"] as const satisfies readonly SystemKeywordAction[];

export const messagingFormValues = (m: TeamMessaging): MessagingFormValues => ({
  brand_name: m.brand_name ?? "",
  help_contact: m.help_contact ?? "",
});

const typed = (value: string) => (value.trim() === "" ? null : value.trim());

/**
 * The answers as they would be sent with the values being typed, by the rendering the inbound handler uses: the
 * system texts and the defaults come from the server, so a preview of unsaved values is what a save would send.
 */
export function previewAnswers(m: TeamMessaging, values: MessagingFormValues): Record<SystemKeywordAction, RenderedAnswer> {
  const sender = answerSender({ brand_name: typed(values.brand_name), help_contact: typed(values.help_contact) }, m);
  return renderTeamAnswers(m.templates, sender);
}

/** The brand (typed, or the team's name) lost words or letters outside the SMS alphabet so the answer fits one part. */
export function brandShortened(answer: RenderedAnswer, m: TeamMessaging, values: MessagingFormValues): boolean {
  const brand = (typed(values.brand_name) ?? m.default_brand).trim().replace(/\s+/g, " ");
  return answer.text !== "" && answer.brand !== brand;
}
