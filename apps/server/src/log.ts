import type { FastifyServerOptions } from "fastify";

/*
 * What the program writes to its terminal. The embedded start is read by a person: warnings and errors only, one
 * readable line each ("14:03:07 ERROR GET /api/leads 500 12 ms"). Server mode is read by a log collector: JSON lines
 * (Fastify's pino output, every request) at info. LOG_FORMAT and LOG_LEVEL override either default.
 */

export const LogFormats = ["pretty", "json"] as const;
export type LogFormat = (typeof LogFormats)[number];
export const LogLevels = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LogLevels)[number];

export interface LogSettings {
  format: LogFormat;
  level: LogLevel;
}

/** pino's numbers for the levels (what its JSON lines carry). */
const LevelNumbers: Record<LogLevel, number> = { debug: 20, info: 30, warn: 40, error: 50 };

/** A LOG_FORMAT or LOG_LEVEL value: one of `allowed` (any case), unset when empty; anything else stops the start. */
export function parseLogSetting<T extends string>(name: string, allowed: readonly T[], value: string | undefined): T | undefined {
  const v = value?.trim().toLowerCase();
  if (!v) return undefined;
  if ((allowed as readonly string[]).includes(v)) return v as T;
  throw new Error(`${name} must be one of ${allowed.join(", ")}, got "${value}".`);
}

/** The defaults by how the program runs: readable and quiet for the embedded start, JSON at info for servers. */
export function resolveLogSettings(
  config: { logFormat?: LogFormat; logLevel?: LogLevel; databaseUrl?: string },
  role: "start" | "api" | "worker",
): LogSettings {
  const format = config.logFormat ?? (role === "start" && !config.databaseUrl ? "pretty" : "json");
  return { format, level: config.logLevel ?? (format === "pretty" ? "warn" : "info") };
}

const pad = (n: number) => String(n).padStart(2, "0");
const clock = (at: Date) => `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
const LABELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO ", 40: "WARN ", 50: "ERROR", 60: "FATAL" };

/** One readable line: local time, level, message. */
export function prettyLine(level: number, message: string, at: Date = new Date()): string {
  return `${clock(at)} ${LABELS[level] ?? "INFO "} ${message}\n`;
}

/** A pino JSON line as one readable line: the message, and the error's own message and code when it carries one. */
export function prettyFromJson(json: string): string {
  let entry: { level?: number; time?: number; msg?: string; message?: unknown; code?: unknown; err?: { message?: string } };
  try {
    entry = JSON.parse(json);
  } catch {
    return json;
  }
  const cause = typeof entry.message === "string" ? entry.message : entry.err?.message;
  const code = typeof entry.code === "string" ? ` (${entry.code})` : "";
  const message = `${entry.msg ?? ""}${cause ? `: ${cause}` : ""}${code}`;
  return prettyLine(entry.level ?? 30, message.replace(/\s*\n\s*/g, " "), new Date(entry.time ?? Date.now()));
}

/** Fastify's logger in these settings; `write` receives every line (the terminal unless a test captures them). */
export function httpLogger(
  settings: LogSettings,
  write: (line: string) => void = (line) => process.stdout.write(line),
): NonNullable<FastifyServerOptions["logger"]> {
  return {
    level: settings.level,
    serializers: {
      // API keys travel in query strings of the public import API: never write them to the log.
      req: (req) => ({ method: req.method, url: redactUrl(req.url) }),
    },
    stream: { write: settings.format === "pretty" ? (json: string) => write(prettyFromJson(json)) : write },
  };
}

export const redactUrl = (url: string) => url.replace(/(api_key|token)=[^&]*/gi, "$1=[redacted]");

export interface ProcessLog {
  (message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
}

/**
 * The jobs' and the queue's log. The jobs write through one function without a level: a message that says
 * something failed is a warning, the rest (a campaign planned, a dispatcher idle) is information.
 */
export function processLog(settings: LogSettings, write: (line: string) => void = (line) => process.stdout.write(line)): ProcessLog {
  const emit = (level: LogLevel, message: string, extra?: Record<string, unknown>) => {
    if (LevelNumbers[level] < LevelNumbers[settings.level]) return;
    const text = `${message}${extra ? ` ${JSON.stringify(extra)}` : ""}`;
    write(settings.format === "pretty" ? prettyLine(LevelNumbers[level], text) : `[leadflow] ${text}\n`);
  };
  const log = ((message, extra) => emit(FAILURE.test(message) ? "warn" : "info", message, extra)) as ProcessLog;
  log.warn = (message, extra) => emit("warn", message, extra);
  return log;
}

const FAILURE = /\b(failed|fails|could not|cannot|error)\b/i;
