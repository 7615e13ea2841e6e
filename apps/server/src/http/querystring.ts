/**
 * Query strings as the web app sends them: `ids[0]=1&ids[1]=2`, `ids[]=1`, repeated keys and `ids=1,2` all
 * become arrays; plain keys stay strings. `__proto__` and friends are dropped.
 */
export function parseQuery(qs: string): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  const params = new URLSearchParams(qs);
  let count = 0;
  for (const [rawKey, value] of params) {
    if (++count > 1000) break;
    const m = /^([^[\]]+)\[(\d*)\]$/.exec(rawKey);
    const key = m ? m[1]! : rawKey;
    const base = key.split("[")[0];
    if (base === "__proto__" || base === "constructor" || base === "prototype") continue;
    const existing = out[key];
    if (m) {
      const arr = Array.isArray(existing) ? existing : existing === undefined ? [] : [existing];
      if (m[2]) arr[Number(m[2])] = value;
      else arr.push(value);
      out[key] = arr;
    } else if (existing !== undefined) {
      out[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
    } else {
      out[key] = value;
    }
  }
  for (const [k, v] of Object.entries(out)) if (Array.isArray(v)) out[k] = v.filter((x) => x !== undefined);
  return { ...out };
}
