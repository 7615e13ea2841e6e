import { createReadStream } from "node:fs";
import { isIPv4, isIPv6 } from "node:net";
import { createInterface } from "node:readline";

/*
 * Address → autonomous system (number and organisation) from @ip-location-db/asn's CSV files, held in sorted typed
 * arrays and found by binary search: ~410k IPv4 and ~100k IPv6 ranges take ~10 MB and a lookup a few microseconds.
 * IPv6 ranges are kept by their first 64 bits (the routing prefix): no AS announces anything longer.
 */

export interface AsnInfo {
  asn: number;
  org: string;
}

class RangeTable<A extends Uint32Array | BigUint64Array, K extends number | bigint> {
  constructor(
    private readonly starts: A,
    private readonly ends: A,
    private readonly asns: Uint32Array,
  ) {}

  find(key: K): number | null {
    let lo = 0;
    let hi = this.asns.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.starts[mid] as K) > key) hi = mid - 1;
      else if ((this.ends[mid] as K) < key) lo = mid + 1;
      else return this.asns[mid]!;
    }
    return null;
  }
}

export class AsnTable {
  constructor(
    private readonly v4: RangeTable<Uint32Array, number>,
    private readonly v6: RangeTable<BigUint64Array, bigint>,
    private readonly orgs: Map<number, string>,
  ) {}

  lookup(ip: string): AsnInfo | null {
    const asn = isIPv4(ip) ? this.v4.find(ipv4Number(ip)) : isIPv6(ip) ? this.v6.find(ipv6Prefix(ip)) : null;
    return asn === null ? null : { asn, org: this.orgs.get(asn) ?? "" };
  }

  /** Reads the package's CSV files: `start_num,end_num,asn,org` for IPv4, `start,end,asn,org` for IPv6. */
  static async load(dir: string): Promise<AsnTable> {
    const orgs = new Map<number, string>();
    const v4 = await readRanges(`${dir}/asn-ipv4-num.csv`, orgs, Number);
    const v6 = await readRanges(`${dir}/asn-ipv6.csv`, orgs, ipv6Prefix);
    return new AsnTable(
      new RangeTable(Uint32Array.from(v4.starts as number[]), Uint32Array.from(v4.ends as number[]), Uint32Array.from(v4.asns)),
      new RangeTable(BigUint64Array.from(v6.starts as bigint[]), BigUint64Array.from(v6.ends as bigint[]), Uint32Array.from(v6.asns)),
      orgs,
    );
  }
}

async function readRanges<K extends number | bigint>(
  file: string,
  orgs: Map<number, string>,
  key: (s: string) => K,
): Promise<{ starts: K[]; ends: K[]; asns: number[] }> {
  const starts: K[] = [];
  const ends: K[] = [];
  const asns: number[] = [];
  const lines = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    const a = line.indexOf(",");
    const b = line.indexOf(",", a + 1);
    const c = line.indexOf(",", b + 1);
    if (a < 0 || b < 0 || c < 0) continue;
    const asn = Number(line.slice(b + 1, c));
    if (!Number.isInteger(asn)) continue;
    starts.push(key(line.slice(0, a)));
    ends.push(key(line.slice(a + 1, b)));
    asns.push(asn);
    if (!orgs.has(asn)) orgs.set(asn, detached(unquote(line.slice(c + 1))));
  }
  return { starts, ends, asns };
}

/**
 * A copy of `s` that does not point into the line it was cut from: V8 keeps a slice of a string as a view of its
 * parent, so every kept organisation name would otherwise hold the 64 KB chunk of the file it was read in (~25 MB).
 */
const detached = (s: string) => ` ${s}`.slice(1);

const unquote = (s: string) => (s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1).replace(/""/g, '"') : s);

export function ipv4Number(ip: string): number {
  const p = ip.split(".");
  return ((Number(p[0]) << 24) >>> 0) + (Number(p[1]) << 16) + (Number(p[2]) << 8) + Number(p[3]);
}

/** The first 64 bits of an IPv6 address (`::` expanded). */
export function ipv6Prefix(ip: string): bigint {
  const [head = "", tail] = ip.split("::");
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill("0"), ...t];
  let out = 0n;
  for (let i = 0; i < 4; i++) out = (out << 16n) | BigInt(Number.parseInt(groups[i] || "0", 16) || 0);
  return out;
}
