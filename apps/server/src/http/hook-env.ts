import { applyReplies, type HookEnv } from "@leadflow/domain";
import { providerOptionsFromEnv } from "@leadflow/domain/providers/provider-factory";
import type { Config } from "../config";

/**
 * What the provider callbacks are verified and applied with, the same for a provider's call and the sandbox's
 * simulated reply: the public base they were signed for, the providers' options, and the replies' applier.
 */
export function hookEnv(config: Pick<Config, "appUrl">): HookEnv {
  return { publicUrl: config.appUrl.replace(/\/+$/, ""), providerOptions: providerOptionsFromEnv(process.env), applyReplies };
}
