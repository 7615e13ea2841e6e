import { z } from "zod";
import { text } from "./common";

/*
 * Provider callbacks (docs/sending.md): what the public hook endpoints answer, and the sandbox's simulated
 * inbound reply (Settings → Integrations, a sandbox SMS gateway's "Simulate reply").
 */

/** What a hook endpoint answers a provider once the callback verified: how many events it carried and kept. */
export const HookAnswer = z.object({
  /** Events the callback carried (0 for one the product has no use for, e.g. an SNS subscription confirmation). */
  received: z.number().int(),
  /** Of those, the ones not seen before (a provider's retry of the same event is stored once). */
  stored: z.number().int(),
});
export type HookAnswer = z.infer<typeof HookAnswer>;

/** A reply as if a lead had texted one of the sandbox gateway's numbers. */
export const SimulateSandboxInbound = z.object({
  from: text().trim().min(1, "The from field is required.").max(40),
  to: text().trim().min(1, "The to field is required.").max(40),
  body: text().trim().min(1, "The body field is required.").max(1600, "The body may not be greater than 1600 characters."),
});
export type SimulateSandboxInbound = z.infer<typeof SimulateSandboxInbound>;

export const SandboxInboundResult = z.object({
  message: z.string(),
  data: z.object({
    /** The inbox row's event id. */
    event_id: z.string(),
    from: z.string(),
    to: z.string(),
  }),
});
export type SandboxInboundResult = z.infer<typeof SandboxInboundResult>;
