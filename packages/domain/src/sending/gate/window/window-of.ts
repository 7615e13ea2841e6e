import type { SendWindowInput } from "./send-window";
import { sendWindow } from "./send-window";

/** What the window leaves before it closes: a message claimed later waits for the next window. */
export const NOT_AFTER_MARGIN_MS = 5 * 60_000;

/** The campaign's day-parting as the send window reads it. */
export interface CampaignWindowSettings {
  daytime_limitation: boolean;
  run_daily_from: string | null;
  run_daily_to: string | null;
  need_send_by_timezones: boolean;
  started_at_tz: string;
}

/** Where a recipient is, as the ledger row stores it (`time_zone`, `us_state`, `country`). */
export type Recipient = Pick<SendWindowInput, "timeZone" | "state" | "country">;

const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** The daily window, in the campaign's zone or (send by the lead's time zone) the lead's; null without day-parting. */
export function dailyWindowOf(c: CampaignWindowSettings): SendWindowInput["daily"] {
  if (!c.daytime_limitation || !c.run_daily_from || !c.run_daily_to) return null;
  return { from: minutesOf(c.run_daily_from), to: minutesOf(c.run_daily_to), timeZone: c.need_send_by_timezones ? null : c.started_at_tz };
}

/**
 * A row's `due_at` and `not_after` from `at`: the first allowed stretch, closing a margin early; 'infinity' for a
 * window that never closes (an email without day-parting). Both null: the window never opens (skip with why).
 */
export function rowWindow(
  at: number,
  recipient: Recipient,
  c: CampaignWindowSettings,
  channel: "sms" | "email",
): { due: string | null; notAfter: string | null } {
  const win = sendWindow(at, { ...recipient, daily: dailyWindowOf(c), legal: channel === "sms" });
  if (!win) return { due: null, notAfter: null };
  const notAfter = Number.isFinite(win.end) ? new Date(Math.max(win.start, win.end - NOT_AFTER_MARGIN_MS)).toISOString() : "infinity";
  return { due: new Date(win.start).toISOString(), notAfter };
}
