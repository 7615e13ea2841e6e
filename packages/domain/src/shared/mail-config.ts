/** Where mail goes: kept in the outbox table only (embedded default), an SMTP server, or Amazon SES. */
export type MailConfig =
  | { driver: "outbox"; from: string }
  | { driver: "smtp"; from: string; host: string; port: number; secure: boolean; user?: string; pass?: string }
  | { driver: "ses"; from: string; region: string; accessKeyId?: string; secretAccessKey?: string };
