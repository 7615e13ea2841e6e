/*
 * US states, DC and the inhabited territories by their USPS codes and names: what a lead's or a lookup's "state" may
 * say, read as the two letters the legal windows (legal-windows.ts) key on. Territories are here because US law
 * (the TCPA's quiet hours) reaches them; Canadian provinces and the freely associated states (MH, FM, PW) are not.
 * No imports: the zone data generator (scripts/generate-recipient-zones.mjs) loads this file as it is.
 */

export const UsStateNames: Readonly<Record<string, string>> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
  AS: "American Samoa",
  GU: "Guam",
  MP: "Northern Mariana Islands",
  PR: "Puerto Rico",
  VI: "U.S. Virgin Islands",
};

/** Other spellings people and providers use, after the folding below (lower case, letters and spaces only). */
const OtherNames: Readonly<Record<string, string>> = {
  "washington state": "WA",
  "washington dc": "DC",
  "washington d c": "DC",
  "district of columbia dc": "DC",
  "us virgin islands": "VI",
  "u s virgin islands": "VI",
  "virgin islands": "VI",
  "united states virgin islands": "VI",
  "northern marianas": "MP",
  "commonwealth of the northern mariana islands": "MP",
  "commonwealth of puerto rico": "PR",
};

/** "New  York", "new-york", "NEW YORK" read alike: lower case, each run of anything but letters made one space. */
const fold = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z]+/g, " ")
    .trim();

const ByName: ReadonlyMap<string, string> = new Map([
  ...Object.entries(UsStateNames).map(([code, name]) => [fold(name), code] as const),
  ...Object.entries(OtherNames),
]);

/** The two-letter code of a US state or territory written as its code or its name; null for anything else. */
export function usStateCode(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (trimmed.length === 2) {
    const code = trimmed.toUpperCase();
    return code in UsStateNames ? code : null;
  }
  return ByName.get(fold(trimmed)) ?? null;
}
