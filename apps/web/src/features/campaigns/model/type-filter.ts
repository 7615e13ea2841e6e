import { type CampaignType, CampaignTypes } from "@leadflow/contracts";

/** The list's type filter is remembered on this browser ("saved locally"). */
export const TYPE_FILTER_STORAGE_KEY = "leadflow.campaigns.types";

/** Parses what was stored; anything unreadable or unknown is dropped rather than sent to the server. */
export function parseStoredTypes(raw: string | null): CampaignType[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return CampaignTypes.filter((t) => value.includes(t));
  } catch {
    return [];
  }
}

export function readStoredTypes(storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage): CampaignType[] {
  try {
    return parseStoredTypes(storage?.getItem(TYPE_FILTER_STORAGE_KEY) ?? null);
  } catch {
    return [];
  }
}

export function writeStoredTypes(
  types: readonly CampaignType[],
  storage: Pick<Storage, "setItem" | "removeItem"> | undefined = globalThis.localStorage,
) {
  try {
    if (types.length === 0) storage?.removeItem(TYPE_FILTER_STORAGE_KEY);
    else storage?.setItem(TYPE_FILTER_STORAGE_KEY, JSON.stringify(types));
  } catch {
    // Private mode or a full quota: the filter still works for this visit.
  }
}
