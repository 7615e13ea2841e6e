import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { FileStoreSettings, MailConfig } from "@leadflow/domain";
import { DEFAULT_MAX_IMPORT_BYTES, DEFAULT_UPLOAD_QUOTA_BYTES } from "@leadflow/domain";
import { type LogFormat, LogFormats, type LogLevel, LogLevels, parseLogSetting } from "./log";

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Where uploads and exports live: the data dir's folder, or S3 when LEADFLOW_S3_BUCKET is set. */
  files: FileStoreSettings;
  databaseUrl?: string;
  /**
   * Server mode: PostgreSQL connections per process, split so background work never takes the connections pages
   * need (docs/scaling.md). `requests`: an api process's pages and API calls; `bulk`: its public import API merges;
   * `jobs`: a worker's job handlers and audience sync (in `start`, a pool of its own beside the other two).
   */
  pools: { requests: number; bulk: number; jobs: number };
  /** Jobs of one kind one team may run at once in one worker process (its other slots stay for other teams). */
  teamJobConcurrency: number;
  /** Niceness of a `worker` process (0–19): background work yields the CPU to the api processes on the machine. */
  workerNice: number;
  /** Public address of the web app, used in mailed links; its host is also short links' default host. */
  appUrl: string;
  /** Where short-URL domains' A records must point (PUBLIC_IP); unset: detected from the network interfaces at start. */
  publicIp?: string;
  tokenTtlSeconds: number;
  mail: MailConfig;
  supportEmail: string;
  autoApprove?: boolean;
  liveKey: string;
  webDist: string;
  /** LOG_FORMAT and LOG_LEVEL as set; unset, they follow how the program runs (log.ts, resolveLogSettings). */
  logFormat?: LogFormat;
  logLevel?: LogLevel;
  /** Trust X-Forwarded-For from a reverse proxy: `true`, or the proxies' addresses (comma-separated). */
  trustProxy: boolean | string;
  /** Rate limits on sign-in, registration and password reset (attempts per window, per IP and per email). */
  authRate: { limit: number; windowSeconds: number };
  /** Public import interface: requests per key per window, and requests with a wrong key per IP per window. */
  importApiRate: { limit: number; windowSeconds: number };
  /** Largest file an import accepts (bytes). */
  importMaxBytes: number;
  /** What a team's uploads not yet started may take together (bytes). */
  uploadQuotaBytes: number;
  importApiBadKeyRate: { limit: number; windowSeconds: number };
  /** Short links and the open pixel: requests per IP per window, counted in memory (carrier NAT: wide). */
  linkRate: { limit: number; windowSeconds: number };
  /** Provider status callbacks and inbound replies, per caller address (in memory: no write per callback). */
  callbackRate: { limit: number; windowSeconds: number };
  inboundRate: { limit: number; windowSeconds: number };
  /** Public postback and unsubscribe links: requests per caller's address per window. */
  postbackRate: { limit: number; windowSeconds: number };
  unsubscribeRate: { limit: number; windowSeconds: number };
  /** Sign-up form submissions per caller's address per window, in memory (docs/opt-in.md). */
  signupRate: { limit: number; windowSeconds: number };
}

function positive(v: string | undefined, fallback: number): number {
  const n = Number(v);
  return v !== undefined && v !== "" && Number.isInteger(n) && n > 0 ? n : fallback;
}

function niceness(v: string | undefined, fallback: number): number {
  const n = Number(v);
  return v !== undefined && v !== "" && Number.isInteger(n) && n >= 0 && n <= 19 ? n : fallback;
}

function bool(v: string | undefined): boolean | undefined {
  if (v === undefined || v === "") return undefined;
  return ["1", "true", "yes", "on"].includes(v.toLowerCase());
}

function mailConfig(env: NodeJS.ProcessEnv): MailConfig {
  const from = env.MAIL_FROM ?? "Leadflow <no-reply@leadflow.local>";
  const driver = env.MAIL_DRIVER ?? (env.SMTP_HOST ? "smtp" : "outbox");
  if (driver === "smtp") {
    return {
      driver: "smtp",
      from,
      host: env.SMTP_HOST ?? "127.0.0.1",
      port: Number(env.SMTP_PORT ?? 587),
      secure: bool(env.SMTP_SECURE) ?? Number(env.SMTP_PORT) === 465,
      user: env.SMTP_USER || undefined,
      pass: env.SMTP_PASSWORD || undefined,
    };
  }
  if (driver === "ses") {
    return {
      driver: "ses",
      from,
      region: env.SES_REGION ?? env.AWS_REGION ?? "us-east-1",
      accessKeyId: env.SES_ACCESS_KEY_ID || env.AWS_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.SES_SECRET_ACCESS_KEY || env.AWS_SECRET_ACCESS_KEY || undefined,
    };
  }
  return { driver: "outbox", from };
}

/** LEADFLOW_S3_*: new uploads and exports go to that bucket; credentials come from the SDK's default chain. */
function fileStoreSettings(env: NodeJS.ProcessEnv): FileStoreSettings {
  const dataDir = resolve(env.LEADFLOW_DATA_DIR ?? "./data");
  const bucket = env.LEADFLOW_S3_BUCKET?.trim();
  if (!bucket) return { dataDir };
  return {
    dataDir,
    s3: {
      bucket,
      region: env.LEADFLOW_S3_REGION?.trim() || env.AWS_REGION?.trim() || "us-east-1",
      endpoint: env.LEADFLOW_S3_ENDPOINT?.trim() || undefined,
      prefix: env.LEADFLOW_S3_PREFIX?.trim() || undefined,
    },
  };
}

export const repoRoot = resolve(import.meta.dirname, "../../..");

/** Reads the environment (and `.env` in the working directory, if present; a variable already set wins). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  if (env === process.env && existsSync(".env")) process.loadEnvFile(".env");
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    // Embedded (a person's own machine): this machine only, unless HOST says otherwise. Server mode sits behind
    // a load balancer and listens on every interface.
    host: env.HOST || (env.DATABASE_URL ? "0.0.0.0" : "127.0.0.1"),
    dataDir: resolve(env.LEADFLOW_DATA_DIR ?? "./data"),
    files: fileStoreSettings(env),
    databaseUrl: env.DATABASE_URL || undefined,
    pools: {
      requests: positive(env.LEADFLOW_DB_POOL, 10),
      bulk: positive(env.LEADFLOW_DB_BULK_POOL, 3),
      jobs: positive(env.LEADFLOW_DB_JOBS_POOL, 6),
    },
    teamJobConcurrency: positive(env.LEADFLOW_TEAM_JOB_CONCURRENCY, 1),
    workerNice: niceness(env.LEADFLOW_WORKER_NICE, 10),
    appUrl: env.APP_URL ?? `http://localhost:${port}`,
    publicIp: env.PUBLIC_IP?.trim() || undefined,
    tokenTtlSeconds: Number(env.LEADFLOW_TOKEN_TTL_HOURS ?? 24 * 7) * 3600,
    mail: mailConfig(env),
    supportEmail: env.SUPPORT_EMAIL ?? "support@leadflow.local",
    autoApprove: bool(env.LEADFLOW_AUTO_APPROVE),
    liveKey: env.LEADFLOW_LIVE_KEY ?? "leadflow",
    webDist: resolve(env.LEADFLOW_WEB_DIST ?? resolve(repoRoot, "apps/web/dist")),
    logFormat: parseLogSetting("LOG_FORMAT", LogFormats, env.LOG_FORMAT),
    logLevel: parseLogSetting("LOG_LEVEL", LogLevels, env.LOG_LEVEL),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    authRate: { limit: Number(env.LEADFLOW_AUTH_RATE_LIMIT ?? 10), windowSeconds: Number(env.LEADFLOW_AUTH_RATE_WINDOW ?? 60) },
    importApiRate: {
      limit: Number(env.LEADFLOW_IMPORT_API_RATE_LIMIT ?? 3000),
      windowSeconds: Number(env.LEADFLOW_IMPORT_API_RATE_WINDOW ?? 10),
    },
    importMaxBytes: Number(env.LEADFLOW_IMPORT_MAX_BYTES ?? process.env.LEADFLOW_IMPORT_MAX_BYTES) || DEFAULT_MAX_IMPORT_BYTES,
    uploadQuotaBytes: Number(env.LEADFLOW_UPLOAD_QUOTA_BYTES) || DEFAULT_UPLOAD_QUOTA_BYTES,
    importApiBadKeyRate: { limit: Number(env.LEADFLOW_IMPORT_API_BAD_KEY_LIMIT ?? 30), windowSeconds: 60 },
    linkRate: { limit: Number(env.LEADFLOW_LINK_RATE_LIMIT ?? 600), windowSeconds: Number(env.LEADFLOW_LINK_RATE_WINDOW ?? 60) },
    // Providers post status callbacks at their send rate from a few addresses: only a flood from one is cut off.
    callbackRate: { limit: Number(env.LEADFLOW_CALLBACK_RATE_LIMIT ?? 120_000), windowSeconds: 60 },
    // Replies are a few percent of sends; far fewer from one address.
    inboundRate: { limit: Number(env.LEADFLOW_INBOUND_RATE_LIMIT ?? 1_200), windowSeconds: 60 },
    // A partner's server posts every conversion from a few addresses: generous, but a flood is cut off.
    postbackRate: { limit: Number(env.LEADFLOW_POSTBACK_RATE_LIMIT ?? 1200), windowSeconds: 60 },
    unsubscribeRate: { limit: Number(env.LEADFLOW_UNSUBSCRIBE_RATE_LIMIT ?? 600), windowSeconds: 60 },
    // A person signs up once; a household or an office behind one address a few times an hour.
    signupRate: { limit: Number(env.LEADFLOW_SIGNUP_RATE_LIMIT ?? 20), windowSeconds: Number(env.LEADFLOW_SIGNUP_RATE_WINDOW ?? 600) },
  };
}

/**
 * TRUST_PROXY: `true`/`false` (or 1/0, yes/no, on/off), or the proxies' addresses and ranges
 * (`127.0.0.1`, `10.0.0.0/8, 192.168.1.1`) — as Fastify's trustProxy takes them.
 */
export function parseTrustProxy(v: string | undefined): boolean | string {
  const text = v?.trim() ?? "";
  if (!text) return false;
  if (/^(1|true|yes|on)$/i.test(text)) return true;
  if (/^(0|false|no|off)$/i.test(text)) return false;
  return text;
}
