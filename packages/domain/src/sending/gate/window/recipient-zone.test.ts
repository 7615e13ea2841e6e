import { describe, expect, it } from "vitest";
import {
  areaCodeOf,
  createRecipientZoneResolver,
  type PlaceData,
  type RecipientZoneInput,
  resolveRecipientZone,
  zip5Of,
} from "./recipient-zone";
import { AreaCodePlaces, AreaCodeZoneNames } from "./zones/area-code-places.data";
import { normalizeTimeZone } from "./zones/time-zone-names";
import { UsStateNames, usStateCode } from "./zones/us-states";
import { Zip3Places, Zip5Places, ZipZoneNames } from "./zones/zip-places.data";
import { areaCodePlace, zipPlace } from "./zones/zone-places";

const NY = "America/New_York";
const CHI = "America/Chicago";
const LA = "America/Los_Angeles";

describe("resolveRecipientZone: the order of sources", () => {
  const all: RecipientZoneInput = {
    leadTimeZone: "America/Denver",
    lookupTimeZone: "America/Chicago",
    zip: "10001",
    phone: "+12135550123",
    leadState: "CO",
    lookupState: "IL",
  };

  it("takes the lead's own zone and state first", () => {
    expect(resolveRecipientZone(all)).toEqual({ timeZone: "America/Denver", source: "lead", state: "CO" });
  });

  it("then the lookup's", () => {
    expect(resolveRecipientZone({ ...all, leadTimeZone: null, leadState: null })).toEqual({ timeZone: CHI, source: "lookup", state: "IL" });
  });

  it("then the ZIP's", () => {
    expect(resolveRecipientZone({ ...all, leadTimeZone: null, lookupTimeZone: "", leadState: null, lookupState: undefined })).toEqual({
      timeZone: NY,
      source: "zip",
      state: "NY",
    });
  });

  it("then the area code's", () => {
    expect(resolveRecipientZone({ phone: "+12135550123" })).toEqual({ timeZone: LA, source: "area_code", state: "CA" });
  });

  it("takes zone and state from different sources when each is the first to know", () => {
    expect(resolveRecipientZone({ leadTimeZone: "US/Pacific", zip: "10001", phone: "+18085550123" })).toEqual({
      timeZone: LA,
      source: "lead",
      state: "NY",
    });
    // The ZIP 46401 (Gary, IN) has a state but no zone its sources agree on: the area code gives the zone.
    expect(resolveRecipientZone({ zip: "46401", phone: "+12125550123" })).toEqual({ timeZone: NY, source: "area_code", state: "IN" });
  });

  it("says unknown when nothing is known", () => {
    expect(resolveRecipientZone({})).toEqual({ timeZone: null, source: "unknown", state: null });
  });
});

describe("time zones as leads and lookups write them", () => {
  it.each([
    ["America/New_York", NY],
    ["america/new_york", NY],
    ["US/Eastern", NY],
    ["EST", NY],
    ["edt", NY],
    ["Eastern", NY],
    ["Eastern Standard Time", NY],
    ["Eastern Time (US & Canada)", NY],
    ["EST5EDT", NY],
    ["CST", CHI],
    ["Central", CHI],
    ["US/Central", CHI],
    ["MDT", "America/Denver"],
    ["Mountain", "America/Denver"],
    ["US/Arizona", "America/Phoenix"],
    ["Arizona", "America/Phoenix"],
    ["PST", LA],
    ["Pacific Standard Time", LA],
    ["AKST", "America/Anchorage"],
    ["HST", "Pacific/Honolulu"],
    ["America/Indiana/Indianapolis", "America/Indiana/Indianapolis"],
    ["US/East-Indiana", "America/Indianapolis"],
    ["Asia/Kolkata", "Asia/Kolkata"],
    ["Europe/London", "Europe/London"],
  ])("reads %s as %s", (value, zone) => {
    expect(normalizeTimeZone(value)).toBe(zone);
    expect(resolveRecipientZone({ leadTimeZone: value })).toMatchObject({ timeZone: zone, source: "lead" });
  });

  it.each([
    "Mars/Olympus",
    "Eastern-ish",
    "UTC",
    "GMT",
    "Etc/GMT+5",
    "GMT-05:00",
    "-0500",
    "",
    "   ",
    // Arizona and Colorado both write it; their summer clocks differ.
    "MST",
    "Mountain Standard Time",
  ])("skips %j for the next source", (value) => {
    expect(normalizeTimeZone(value)).toBeNull();
    expect(resolveRecipientZone({ leadTimeZone: value, lookupTimeZone: "Pacific" })).toMatchObject({ timeZone: LA, source: "lookup" });
    expect(resolveRecipientZone({ leadTimeZone: value, lookupTimeZone: value, zip: "85001" })).toMatchObject({
      timeZone: "America/Phoenix",
      source: "zip",
    });
  });
});

describe("states", () => {
  it.each([
    ["NY", "NY"],
    [" ny ", "NY"],
    ["New York", "NY"],
    ["NEW-YORK", "NY"],
    ["district of columbia", "DC"],
    ["Washington D.C.", "DC"],
    ["Puerto Rico", "PR"],
  ])("reads %j as %s", (value, code) => {
    expect(usStateCode(value)).toBe(code);
  });

  it.each(["Calif.", "ON", "Ontario", "XX", "", "N"])("skips %j for the next source", (value) => {
    expect(usStateCode(value)).toBeNull();
    expect(resolveRecipientZone({ leadState: value, lookupState: "Texas" }).state).toBe("TX");
    expect(resolveRecipientZone({ leadState: value, lookupState: value, zip: "10001" }).state).toBe("NY");
    expect(resolveRecipientZone({ leadState: value, phone: "+13125550123" }).state).toBe("IL");
  });
});

describe("by ZIP", () => {
  it.each([
    ["10001", NY, "NY"],
    ["33101", NY, "FL"], // Miami
    ["32501", CHI, "FL"], // Pensacola: the panhandle west of the Apalachicola
    ["85001", "America/Phoenix", "AZ"], // Arizona keeps no daylight time
    ["86515", "America/Denver", "AZ"], // Window Rock, in the Navajo Nation, does
    ["96813", "Pacific/Honolulu", "HI"],
    ["99501", "America/Anchorage", "AK"],
    ["79901", "America/Denver", "TX"], // El Paso
    ["00601", "America/Puerto_Rico", "PR"],
    ["96910", "Pacific/Guam", "GU"],
  ])("%s → %s %s", (zip, timeZone, state) => {
    expect(resolveRecipientZone({ zip })).toEqual({ timeZone, source: "zip", state });
  });

  it("reads ZIP+4 and a ZIP that lost its leading zero", () => {
    expect(resolveRecipientZone({ zip: "10001-1234" })).toEqual({ timeZone: NY, source: "zip", state: "NY" });
    expect(resolveRecipientZone({ zip: "2134" })).toEqual({ timeZone: NY, source: "zip", state: "MA" });
  });

  it("gives no zone, but the state, where its two zone sources disagree", () => {
    // Gary, IN (Central; one source says Eastern), Mandan, ND, Ontario, OR (Mountain; one source says Pacific).
    for (const [zip, state] of [
      ["46401", "IN"],
      ["58554", "ND"],
      ["97914", "OR"],
    ] as const)
      expect(resolveRecipientZone({ zip })).toEqual({ timeZone: null, source: "unknown", state });
  });

  it("knows nothing of a ZIP no one issued", () => {
    expect(resolveRecipientZone({ zip: "00000" })).toEqual({ timeZone: null, source: "unknown", state: null });
  });
});

describe("by area code", () => {
  it.each([
    ["+12125550123", NY, "NY"],
    ["+12135550123", LA, "CA"],
    ["+18085550123", "Pacific/Honolulu", "HI"],
    ["+16025550123", "America/Phoenix", "AZ"],
    ["+17875550123", "America/Puerto_Rico", "PR"],
    ["+16715550123", "Pacific/Guam", "GU"],
  ])("%s → %s %s", (phone, timeZone, state) => {
    expect(resolveRecipientZone({ phone })).toEqual({ timeZone, source: "area_code", state });
  });

  it.each([
    ["+19075550123", "AK"], // Alaska, and the Aleutians west of 169°30′W on Hawaii–Aleutian time
    ["+12085550123", "ID"], // Boise on Mountain, the panhandle on Pacific
    ["+18505550123", "FL"], // Tallahassee on Eastern, Pensacola on Central
    ["+16055550123", "SD"],
    ["+17015550123", "ND"],
    ["+19285550123", "AZ"], // the Navajo Nation keeps daylight time, the rest of Arizona does not
    ["+15415550123", "OR"],
    ["+12705550123", "KY"],
    ["+14235550123", "TN"],
  ])("%s spans two zones: no zone, state %s", (phone, state) => {
    expect(resolveRecipientZone({ phone })).toEqual({ timeZone: null, source: "unknown", state });
  });

  it("gives a Canadian or Caribbean number its zone but no US state", () => {
    expect(resolveRecipientZone({ phone: "+14165550123" })).toEqual({ timeZone: "America/Toronto", source: "area_code", state: null });
    expect(resolveRecipientZone({ phone: "+18765550123" })).toEqual({ timeZone: "America/Jamaica", source: "area_code", state: null });
  });

  it("knows nothing of a number outside the NANP", () => {
    expect(resolveRecipientZone({ phone: "+442071234567" })).toEqual({ timeZone: null, source: "unknown", state: null });
    expect(resolveRecipientZone({ phone: "+5215512345678" })).toEqual({ timeZone: null, source: "unknown", state: null });
  });
});

describe("areaCodeOf and zip5Of", () => {
  it.each([
    ["+12125550123", "212"],
    ["12125550123", "212"],
    ["2125550123", "212"],
    ["+1 (212) 555-0123", "212"],
    ["+442071234567", null],
    ["+2125550123", null],
    ["+14115550123", null], // N11 is a service code
    ["+11125550123", null],
    ["212555012", null],
    ["", null],
    [null, null],
  ])("areaCodeOf(%j) = %j", (phone, code) => {
    expect(areaCodeOf(phone)).toBe(code);
  });

  it.each([
    ["10001", "10001"],
    [" 10001 ", "10001"],
    ["10001-1234", "10001"],
    ["10001 1234", "10001"],
    ["100011234", "10001"],
    ["2134", "02134"],
    ["100", null],
    ["1000112", null],
    ["K1A 0B1", null],
    ["", null],
    [undefined, null],
  ])("zip5Of(%j) = %j", (zip, five) => {
    expect(zip5Of(zip)).toBe(five);
  });
});

describe("memoised for a planner's groups", () => {
  function counting(): PlaceData & { calls: number } {
    const data = {
      calls: 0,
      zipPlace(zip: string) {
        data.calls++;
        return zipPlace(zip);
      },
      areaCodePlace(code: string) {
        data.calls++;
        return areaCodePlace(code);
      },
    };
    return data;
  }

  it("reads the tables once per distinct key: 1,000,000 calls over 1,000 keys", () => {
    const data = counting();
    const resolve = createRecipientZoneResolver(data);
    const zips = ["10001", "33101", "32501", "85001", "96813", "46401", "60601", "94103", "98101", "02134"];
    const phones = ["+12125550123", "+12135550123", "+19075550123", "+18085550123", "+12085550123"];
    const zones = [null, "EST", "US/Central", "Pacific", "bogus"];
    const keys: RecipientZoneInput[] = [];
    for (const zip of zips)
      for (const phone of phones)
        for (const leadTimeZone of zones)
          for (const leadState of [null, "TX", "New York", "??"]) keys.push({ zip, phone, leadTimeZone, leadState });
    expect(keys).toHaveLength(1_000);

    const first = keys.map(resolve);
    const afterFirstPass = data.calls;
    expect(afterFirstPass).toBeLessThanOrEqual(2 * keys.length);

    // Each lead has its own number and ZIP+4: the key is the area code and the ZIP5, not the raw values.
    let differing = 0;
    for (let i = 0; i < 1_000_000; i++) {
      const k = keys[i % keys.length]!;
      const own = `${String(i).padStart(7, "0").slice(-7)}`;
      const zip = `${k.zip}-${own.slice(-4)}`;
      if (resolve({ ...k, phone: `${k.phone!.slice(0, 5)}${own}`, zip }) !== first[i % keys.length]) differing++;
    }
    expect(differing).toBe(0);
    expect(data.calls).toBe(afterFirstPass);
  });

  it("does not read a table it does not need", () => {
    const data = counting();
    const resolve = createRecipientZoneResolver(data);
    expect(resolve({ leadTimeZone: "EST", leadState: "NY", zip: "10001", phone: "+12125550123" })).toEqual({
      timeZone: NY,
      source: "lead",
      state: "NY",
    });
    expect(data.calls).toBe(0);
    resolve({ leadTimeZone: "EST", zip: "10001", phone: "+12125550123" });
    expect(data.calls).toBe(1);
  });
});

describe("the generated tables", () => {
  const tokens = (lines: readonly string[], keyLength: number) =>
    lines
      .flatMap((line) => line.split(" "))
      .map((t) => ({ key: t.slice(0, keyLength), state: t.slice(keyLength, keyLength + 2), zone: t.slice(-1) }));

  it.each([
    ["ZIP3", Zip3Places, 3, ZipZoneNames],
    ["ZIP5", Zip5Places, 5, ZipZoneNames],
    ["area code", AreaCodePlaces, 3, AreaCodeZoneNames],
  ] as const)("%s tokens name known states and zones Intl knows", (_, lines, keyLength, zones) => {
    const all = tokens(lines, keyLength);
    expect(all.length).toBeGreaterThan(300);
    for (const t of all) {
      expect(t.key).toMatch(new RegExp(`^\\d{${keyLength}}$`));
      expect(t.state === "--" || t.state in UsStateNames, `${t.key} ${t.state}`).toBe(true);
      expect(t.zone === "-" || Number.parseInt(t.zone, 36) < zones.length, `${t.key} ${t.zone}`).toBe(true);
    }
    for (const zone of zones) expect(normalizeTimeZone(zone)).toBe(zone);
  });

  it("covers nearly every ZIP3 in use with a state", () => {
    const zip3 = tokens(Zip3Places, 3);
    expect(zip3.length).toBeGreaterThan(880);
    expect(zip3.filter((t) => t.state !== "--").length / zip3.length).toBeGreaterThan(0.97);
  });
});
