import type { Database } from "@leadflow/db";
import type { Authenticated, FileStore, HostResolver, JobSender, LivePublisher } from "@leadflow/domain";
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "../config";

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every routes file gets; dependencies show at the call site, no container. */
export interface AppDeps {
  database: Database;
  /**
   * Connections for request-driven bulk work (the public import API's merges), apart from the pool that serves
   * pages, so a team pushing leads at full speed cannot hold every connection a page needs. Absent: `database`.
   */
  bulk?: Database;
  config: Config;
  jobs: JobSender;
  live: LivePublisher;
  /** Secret that signs live-channel subscriptions (shared by every process through the database). */
  liveSecret: string;
  /** Where uploads and exports live; absent: made from `config.files` when the app is built. */
  files?: FileStore;
  /** DNS for the short-URL domains' check; the system's name servers unless given (tests give their own). */
  resolveHost?: HostResolver;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set on every route that is not public. */
    auth: Authenticated;
  }
  interface FastifyContextConfig {
    /** A route anyone may call (sign-in, registration, config). */
    public?: boolean;
  }
}
