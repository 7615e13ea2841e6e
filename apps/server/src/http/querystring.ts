const MAX_PARAMS = 1000;
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Query strings as the web app sends them: `ids[0]=1&ids[1]=2`, `ids[]=1` and repeated keys become arrays
 * (a comma list such as `ids=1,2` stays a string; `IdList` in contracts splits it); plain keys stay strings.
 * `__proto__` and friends are dropped. Indexes only order the values: `ids[4294967294]=1` must not build a
 * sparse array of that length (walking it takes minutes), so values are kept as (index, value) pairs and sorted.
 */
export function parseQuery(qs: string): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  const indexed = new Map<string, { index: number; seq: number; value: string }[]>();
  let count = 0;
  for (const [rawKey, value] of new URLSearchParams(qs)) {
    if (++count > MAX_PARAMS) break;
    const m = /^([^[\]]+)\[(\d{0,9})\]$/.exec(rawKey);
    const key = m ? m[1]! : rawKey;
    // `__proto__[x]=1` is dropped too: nothing downstream should ever see such a key.
    if (FORBIDDEN_KEYS.has(key.split("[")[0]!)) continue;
    if (m) {
      const entries = indexed.get(key) ?? [];
      // `ids[]=…` appends after every numbered entry, in arrival order.
      entries.push({ index: m[2] ? Number(m[2]) : Number.MAX_SAFE_INTEGER, seq: count, value });
      indexed.set(key, entries);
      continue;
    }
    const existing = out[key];
    out[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  for (const [key, entries] of indexed) {
    entries.sort((a, b) => a.index - b.index || a.seq - b.seq);
    const values = entries.map((e) => e.value);
    const existing = out[key];
    out[key] = existing === undefined ? values : [...(Array.isArray(existing) ? existing : [existing]), ...values];
  }
  return { ...out };
}
