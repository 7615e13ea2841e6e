import { describe, expect, it } from "vitest";
import { countryOfPhone, resolveRecipientCountry } from "./recipient-country";
import { countryCode, countryName, countryOfZone, zonesOfCountry } from "./zones/countries";

describe("countryOfPhone", () => {
  it.each([
    ["+4915112345678", "DE"],
    // The planner's prefixes: enough digits to tell, or the calling code's main country.
    ["+49151", "DE"],
    ["+77012", "KZ"],
    ["+79123", "RU"],
    ["+44148", "GB"],
    ["+61412", "AU"],
    ["+12125550100", "US"],
    ["+14165550100", "CA"],
    ["+18765550100", "JM"],
    ["+17875550100", "PR"],
    ["2125550100", null],
    ["lead@example.com", null],
    [null, null],
  ])("%s → %s", (phone, country) => expect(countryOfPhone(phone)).toBe(country));
});

describe("resolveRecipientCountry", () => {
  it("takes the number's country first, then the lead's field, then its zone's", () => {
    expect(resolveRecipientCountry({ phone: "+4915112345678", leadCountry: "United States", timeZone: "America/New_York" })).toBe("DE");
    expect(resolveRecipientCountry({ leadCountry: "Germany", timeZone: "America/New_York" })).toBe("DE");
    expect(resolveRecipientCountry({ leadCountry: "uk" })).toBe("GB");
    expect(resolveRecipientCountry({ leadCountry: "Atlantis", timeZone: "Europe/Berlin" })).toBe("DE");
    expect(resolveRecipientCountry({ timeZone: "America/New_York" })).toBe("US");
    expect(resolveRecipientCountry({})).toBeNull();
  });
});

describe("countries", () => {
  it("reads a lead's country as two letters or a name", () => {
    expect(["DE", "de", "Germany", "GERMANY", "Deutschland", "USA", "United States of America", "xx", ""].map(countryCode)).toEqual([
      "DE",
      "DE",
      "DE",
      "DE",
      "DE",
      "US",
      "US",
      null,
      null,
    ]);
    expect(countryName("DE")).toBe("Germany");
  });

  it("lists a country's zones one per clock, and the one country of a zone", () => {
    expect(zonesOfCountry("DE", Date.UTC(2026, 6, 1))).toEqual(["Europe/Berlin"]);
    // Brazil keeps four clocks (UTC−2 to −5). Australia six in January (Lord Howe's summer time is Sydney's), five
    // in July (without summer time Sydney's clock is Brisbane's, Adelaide's is Darwin's).
    expect(zonesOfCountry("BR", Date.UTC(2026, 6, 1))).toHaveLength(4);
    expect(zonesOfCountry("AU", Date.UTC(2026, 0, 15))).toHaveLength(6);
    expect(zonesOfCountry("AU", Date.UTC(2026, 6, 15))).toHaveLength(5);
    expect(zonesOfCountry("US")).toContain("Pacific/Honolulu");
    expect(countryOfZone("Europe/Berlin")).toBe("DE");
    expect(countryOfZone("Australia/Sydney")).toBe("AU");
  });
});
