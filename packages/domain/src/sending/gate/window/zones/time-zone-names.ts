/*
 * A time zone as leads and lookups write it — "America/New_York", "US/Eastern", "EST", "Eastern", "Pacific Standard
 * Time" — read as an IANA zone, or null when it says nothing certain about where someone is. Quiet hours then take
 * the next source (recipient-zone.ts) rather than a guess.
 */

const NewYork = "America/New_York";
const Chicago = "America/Chicago";
const Denver = "America/Denver";
const Phoenix = "America/Phoenix";
const LosAngeles = "America/Los_Angeles";
const Anchorage = "America/Anchorage";
const Honolulu = "Pacific/Honolulu";

/**
 * US names and abbreviations, folded (see `fold`). Checked before Intl, which reads "EST" as America/Panama and "MST"
 * as America/Phoenix: fixed offsets, no daylight time. "MST" and "Mountain Standard" are left out on purpose: Arizona
 * (no daylight time) and Colorado both write them, and summer clocks there differ by an hour either way.
 */
const UsZoneNames: Readonly<Record<string, string>> = {
  eastern: NewYork,
  "eastern standard": NewYork,
  "eastern daylight": NewYork,
  "us eastern": NewYork,
  est: NewYork,
  edt: NewYork,
  et: NewYork,
  central: Chicago,
  "central standard": Chicago,
  "central daylight": Chicago,
  "us central": Chicago,
  cst: Chicago,
  cdt: Chicago,
  ct: Chicago,
  mountain: Denver,
  "mountain daylight": Denver,
  "us mountain": Denver,
  mdt: Denver,
  mt: Denver,
  arizona: Phoenix,
  "us mountain standard": Phoenix,
  pacific: LosAngeles,
  "pacific standard": LosAngeles,
  "pacific daylight": LosAngeles,
  "us pacific": LosAngeles,
  pst: LosAngeles,
  pdt: LosAngeles,
  pt: LosAngeles,
  alaska: Anchorage,
  alaskan: Anchorage,
  "alaska standard": Anchorage,
  "alaskan standard": Anchorage,
  "alaska daylight": Anchorage,
  akst: Anchorage,
  akdt: Anchorage,
  hawaii: Honolulu,
  hawaiian: Honolulu,
  "hawaii standard": Honolulu,
  "hawaiian standard": Honolulu,
  hst: Honolulu,
  atlantic: "America/Puerto_Rico",
  "atlantic standard": "America/Puerto_Rico",
  ast: "America/Puerto_Rico",
  chamorro: "Pacific/Guam",
  "chamorro standard": "Pacific/Guam",
  chst: "Pacific/Guam",
  samoa: "Pacific/Pago_Pago",
  "samoa standard": "Pacific/Pago_Pago",
  sst: "Pacific/Pago_Pago",
};

/** Arizona's and Colorado's clocks both: not a zone (see above). */
const Ambiguous = new Set(["mst", "mountain standard"]);

/** "Eastern Standard Time", "Eastern Time (US & Canada)", "EST" → "eastern standard", "eastern", "est". */
const fold = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z]+/g, " ")
    .trim()
    .replace(/ us (and )?canada$/, "")
    .replace(/ time$/, "");

/** The areas of IANA's own zone names; other prefixes ("US/", "Etc/", "SystemV/") are links or offsets. */
const Areas = /^(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific)\//i;

/**
 * The IANA zone Intl knows `value` as, or null. A name in an area keeps its own spelling: Intl (ICU) answers with
 * older canonical names ("America/Indiana/Indianapolis" → "America/Indianapolis", "Asia/Kolkata" → "Asia/Calcutta"),
 * which name the same zone but are not what the lead said. Links outside the areas become their zone ("US/Eastern"
 * → "America/New_York"); a name that names no place (UTC, "Etc/GMT+5") is null.
 */
function ianaZone(value: string): string | null {
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (Areas.test(value) && canonical.toLowerCase() !== value.toLowerCase()) return value;
  return Areas.test(canonical) ? canonical : null;
}

const known = new Map<string, string | null>();

/** The IANA zone `value` names, or null when it names none or no place (UTC, offsets, the ambiguous "MST"). */
export function normalizeTimeZone(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (trimmed === "") return null;
  let zone = known.get(trimmed);
  if (zone === undefined) {
    const folded = fold(trimmed);
    zone = Ambiguous.has(folded) ? null : (UsZoneNames[folded] ?? ianaZone(trimmed));
    if (known.size > 10_000) known.clear();
    known.set(trimmed, zone);
  }
  return zone;
}
