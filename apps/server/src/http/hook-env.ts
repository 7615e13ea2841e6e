import { applyReplies, type HookEnv, type LivePublisher, providerOptionsFromEnv } from "@leadflow/domain";
import type { Config } from "../config";

/**
 * What the provider callbacks are verified and applied with, the same for a provider's call and the sandbox's
 * simulated reply: the public base they were signed for, the providers' options, and the replies' applier — and,
 * with `live`, the inbox threads the replies moved told to their teams once committed.
 */
export function hookEnv(config: Pick<Config, "appUrl">, live?: LivePublisher): HookEnv {
  const env: HookEnv = { publicUrl: config.appUrl.replace(/\/+$/, ""), providerOptions: providerOptionsFromEnv(process.env), applyReplies };
  if (live)
    env.repliesCommitted = (replies) => {
      for (const c of replies.conversations ?? [])
        void live.toTeam(c.teamId, "ConversationActivity", { conversation_id: c.id }).catch(() => undefined);
    };
  return env;
}
