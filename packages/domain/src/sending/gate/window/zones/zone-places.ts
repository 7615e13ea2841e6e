import { AreaCodePlaces, AreaCodeZoneNames } from "./area-code-places.data";
import { Zip3Places, Zip5Places, ZipZoneNames } from "./zip-places.data";

/*
 * The generated place tables (zip-places.data.ts, area-code-places.data.ts) read into maps on first use: importing
 * this module costs nothing but the strings, and a process that never plans a campaign never builds the maps.
 */

/** Where a ZIP or an area code is: its US state (two letters) and its one time zone, each null when not one. */
export interface Place {
  state: string | null;
  timeZone: string | null;
}

/** One object per (state, zone): ~46k ZIPs share a few hundred. */
const interned = new Map<string, Place>();
function place(state: string | null, timeZone: string | null): Place {
  const key = `${state}|${timeZone}`;
  let found = interned.get(key);
  if (!found) interned.set(key, (found = Object.freeze({ state, timeZone })));
  return found;
}

/** Space-separated tokens (the tables' headers say so): key, state or "--", zone digit (base 36) or "-", run together. */
function parse(lines: readonly string[], keyLength: number, zones: readonly string[]): Map<string, Place> {
  const out = new Map<string, Place>();
  const width = keyLength + 3;
  for (const line of lines)
    for (let i = 0; i + width <= line.length; i += width + 1) {
      const state = line.slice(i + keyLength, i + keyLength + 2);
      const digit = line[i + keyLength + 2]!;
      out.set(
        line.slice(i, i + keyLength),
        place(state === "--" ? null : state, digit === "-" ? null : zones[Number.parseInt(digit, 36)]!),
      );
    }
  return out;
}

let zip3: Map<string, Place> | undefined;
let zip5: Map<string, Place> | undefined;
let areaCodes: Map<string, Place> | undefined;

/** A five-digit ZIP's place: its own entry where its ZIP3 does not speak for it, else its ZIP3's; null if unknown. */
export function zipPlace(zip: string): Place | null {
  zip5 ??= parse(Zip5Places, 5, ZipZoneNames);
  zip3 ??= parse(Zip3Places, 3, ZipZoneNames);
  return zip5.get(zip) ?? zip3.get(zip.slice(0, 3)) ?? null;
}

/** A NANP area code's place; null for one the data does not know. */
export function areaCodePlace(npa: string): Place | null {
  areaCodes ??= parse(AreaCodePlaces, 3, AreaCodeZoneNames);
  return areaCodes.get(npa) ?? null;
}
