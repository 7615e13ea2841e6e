import { z } from "zod";
import { StepLimits } from "./campaign-steps";
import { text } from "./common";
import { SmsEncodings } from "./sms-length";

/*
 * The step editor's phone preview (docs/product/campaigns.md, "Phone preview"): the SMS being typed, before it is
 * saved, rendered for a real lead of the campaign's audience — its values, fallbacks, a link as long as a real one on
 * the step's short domain — with the leads before and after it to step through.
 */

const leadId = z.coerce
  .number({ error: "The lead must be a lead id." })
  .int("The lead must be a lead id.")
  .positive("The lead must be a lead id.")
  .max(Number.MAX_SAFE_INTEGER, "The lead must be a lead id.");

/** POST /api/campaigns/{id}/message-preview. */
export const MessagePreviewRequest = z.object({
  message: text({ error: "The message must be text." }).max(
    StepLimits.message,
    `The message may not be greater than ${StepLimits.message} characters.`,
  ),
  /** The step's short domain as chosen in the editor; none (or one the team cannot use): the app's own host. */
  short_url_domain_id: z.coerce
    .number({ error: "The short domain is invalid." })
    .int("The short domain is invalid.")
    .positive("The short domain is invalid.")
    .max(2_147_483_647, "The short domain is invalid.")
    .nullish(),
  /** The audience lead to render for (a `previous_lead_id` / `next_lead_id` of an earlier answer); none: the first. */
  lead_id: leadId.nullish(),
});
export type MessagePreviewRequest = z.infer<typeof MessagePreviewRequest>;

export const MessagePreview = z.object({
  body: z.string(),
  encoding: z.enum(SmsEncodings),
  characters: z.number().int(),
  parts: z.number().int(),
  /** Who the message comes from, as the lead's phone shows it: the number (or messaging service), and the gateway. */
  sender: z.object({ number: z.string().nullable(), name: z.string().nullable() }),
  /** The lead rendered for; null: the audience has no lead with a phone, so sample values stand in. */
  lead: z.object({ id: z.number(), name: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  previous_lead_id: z.number().nullable(),
  next_lead_id: z.number().nullable(),
  /** The team's brand (Settings → Keywords), for the pre-send checks. */
  brand: z.string(),
});
export type MessagePreview = z.infer<typeof MessagePreview>;
