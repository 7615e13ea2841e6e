import { performance } from "node:perf_hooks";
import { normalizeEmail, normalizePhone } from "@leadflow/domain/contacts/index";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { parseQuery } from "../../../apps/server/src/http/querystring";
import { benchCommand } from "../options";
import { median, percentile, record } from "../report";
import { ms, verdict } from "./measure";

const CALLS = 1000;
const GOAL_MS = 5;

/** Each call timed on its own, after a warm-up: p50 and p99 in milliseconds. */
function perCall(fn: () => unknown): { p50: number; p99: number } {
  for (let i = 0; i < 50; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return { p50: median(times), p99: percentile(times, 99) };
}

/**
 * B11c: hostile values, each stopped by a guard that looks at no more than its limit: the email check refuses over
 * 1,024 characters before trimming, the phone check over 64, and the query-string parser orders indexed values
 * without building an array as long as the index. (A long query string never gets this far: Node's 16 KB header
 * limit answers 431 first.) Baseline: the bare libphonenumber-js call on the same 50,000-character phone, which
 * has its own length guard.
 */
export async function longInputsBench(): Promise<void> {
  const email = (v: string) => () => normalizeEmail(v);
  const phone = (v: string) => () => normalizePhone(v, { defaultCountry: "US" });
  const query = (v: string) => () => parseQuery(v);
  // The values are built here, once: the guards are timed, not the string building.
  const cases: [string, () => unknown][] = [
    ["email a×50k@example.com", email(`${"a".repeat(50_000)}@example.com`)],
    ["email 50k blanks + a@b.com", email(`${" ".repeat(49_990)}a@b.com`)],
    ["email @×50k", email("@".repeat(50_000))],
    ["phone 5×50k", phone("5".repeat(50_000))],
    ["phone 50k blanks + 212 555 0123", phone(`${" ".repeat(49_990)}2125550123`)],
    ["query ids[999999999]", query("ids[999999999]=2147483000&ids[0]=1")],
  ];
  const results = cases.map(([name, run]) => ({ name, ...perCall(run) }));
  const longPhone = "5".repeat(50_000);
  const bare = perCall(() => parsePhoneNumberFromString(longPhone, "US")?.isValid());
  const worst = Math.max(...results.map((r) => r.p99));
  record({
    id: "B11c",
    what: `hostile inputs: 50,000-character emails and phones, a query-string index of 999,999,999 (p50/p99 of ${CALLS} calls each)`,
    backend: "-",
    ours: results.map((r) => `${r.name}: p50 ${ms(r.p50)}, p99 ${ms(r.p99)}`).join("; "),
    baseline: `raw libphonenumber-js on the 50k phone: p50 ${ms(bare.p50)}, p99 ${ms(bare.p99)}`,
    ratio: `worst p99 ${ms(worst)} — ${verdict(worst < GOAL_MS, `< ${GOAL_MS} ms`)}`,
    goal: `rejected in < ${GOAL_MS} ms`,
    command: benchCommand("B11", []),
  });
}
