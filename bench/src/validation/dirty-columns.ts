import { normalizeEmail, normalizePhone } from "@leadflow/domain/contacts/index";
import { openImportFile } from "@leadflow/domain/imports/parsers/index";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { dirtyCsv } from "../lead-files/dirty-file";
import { type BenchOptions, benchCommand, sizeLabel } from "../options";
import { median, record } from "../report";
import { alternate, perSecond, timed, verdict } from "./measure";

const PASSES = 5;
const GOAL = 0.8;
const US = { defaultCountry: "US" } as const;

/** The phone and email cells of the dirty file (B1d's), as an import hands them to the checks: trimmed, non-empty. */
async function dirtyColumns(rows: number) {
  const reader = await openImportFile((await dirtyCsv(rows)).path, "csv");
  const cells: { phone: string; email: string }[] = [];
  for await (const batch of reader.rows()) {
    for (const row of batch) cells.push({ phone: (row.cells[0] ?? "").trim(), email: (row.cells[1] ?? "").trim() });
  }
  return { cells, phones: cells.map((c) => c.phone).filter((p) => p !== "") };
}

/**
 * B11a: normalizePhone over the dirty phone column against the bare libphonenumber-js call (parse + isValid, the
 * same "max" metadata) on the same values. B11b: the whole of a row's checks — phone and email — against that
 * same bare phone call, which is what B11 asks of them. Our first pass has a cold NANP prefix cache; it is
 * reported on its own and counts in the median like the others.
 */
export async function dirtyColumnsBench(options: BenchOptions): Promise<void> {
  const size = sizeLabel(options.rows);
  const { cells, phones } = await dirtyColumns(options.rows);
  let validOurs = 0;
  let validBare = 0;
  const bare = () => {
    validBare = 0;
    for (const p of phones) if (parsePhoneNumberFromString(p, "US")?.isValid()) validBare++;
  };
  const ours = () => {
    validOurs = 0;
    for (const p of phones) if (normalizePhone(p, US).ok) validOurs++;
  };
  const cold = await timed(ours);
  const phoneRuns = await alternate(PASSES, { bare, ours });
  const [o, b] = [median([cold, ...phoneRuns.ours]), median(phoneRuns.bare)];
  record({
    id: "B11a",
    size,
    what: `phone normalisation on the dirty phone column, ${phones.length.toLocaleString("en")} values of ${size} rows (median of ${PASSES + 1} passes)`,
    backend: "-",
    ours: `${perSecond(phones.length, o)} (first pass, prefix cache cold: ${perSecond(phones.length, cold)}); ${validOurs.toLocaleString("en")} valid`,
    baseline: `${perSecond(phones.length, b)} raw libphonenumber-js parse + isValid (max metadata); ${validBare.toLocaleString("en")} valid`,
    ratio: `${(b / o).toFixed(2)} of baseline — ${verdict(b / o >= GOAL, `≥ ${GOAL} of baseline`)}`,
    goal: `≥ ${GOAL} of the raw libphonenumber-js values/s`,
    command: benchCommand("B11", ["--rows", size]),
  });

  const rowChecks = () => {
    for (const c of cells) {
      if (c.phone !== "") normalizePhone(c.phone, US);
      if (c.email !== "") normalizeEmail(c.email);
    }
  };
  const bareRows = () => {
    for (const c of cells) if (c.phone !== "") parsePhoneNumberFromString(c.phone, "US")?.isValid();
  };
  const emails = cells.map((c) => c.email).filter((e) => e !== "");
  const emailOnly = () => {
    for (const e of emails) normalizeEmail(e);
  };
  const rowRuns = await alternate(PASSES, { bareRows, rowChecks, emailOnly });
  const [r, rb, e] = [median(rowRuns.rowChecks), median(rowRuns.bareRows), median(rowRuns.emailOnly)];
  record({
    id: "B11b",
    size,
    what: `phone and email checks of each row of the dirty file, ${cells.length.toLocaleString("en")} rows (median of ${PASSES} passes)`,
    backend: "-",
    ours: `${perSecond(cells.length, r)} rows; the email check alone ${perSecond(emails.length, e)} (${emails.length.toLocaleString("en")} values)`,
    baseline: `${perSecond(cells.length, rb)} rows, raw libphonenumber-js on the phone only`,
    ratio: `${(rb / r).toFixed(2)} of baseline — ${verdict(rb / r >= GOAL, `≥ ${GOAL} of baseline`)}`,
    goal: `≥ ${GOAL} of the raw libphonenumber-js rows/s`,
    command: benchCommand("B11", ["--rows", size]),
  });
}
