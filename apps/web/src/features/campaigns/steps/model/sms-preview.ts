import { type SmsEncoding, smsLength } from "@leadflow/contracts";

export interface SmsReading {
  encoding: SmsEncoding;
  characters: number;
  parts: number;
  /** parts × the campaign's price per part; null while the campaign has no sender (no price). */
  cost: number | null;
  /** What forced UCS-2, to say why a part holds 70 characters. */
  nonGsmCharacters: string[];
  /** False: tags or a link make the figures an upper bound. */
  exact: boolean;
}

/** What a message costs: each part is charged as a message, at the campaign sender's price. */
export function smsCost(parts: number, partPrice: number | null): number | null {
  return partPrice === null || !Number.isFinite(partPrice) ? null : parts * partPrice;
}

/**
 * The shared counter's reading of a message being typed, `{{link}}` sized by the chosen short domain (none: the
 * counter's overestimate), exactly as the server counts a saved step.
 */
export function readSms(message: string, partPrice: number | null, shortDomain?: string | null): SmsReading {
  const length = smsLength(message, { shortDomain });
  return {
    encoding: length.encoding,
    characters: length.characters,
    parts: length.parts,
    cost: smsCost(length.parts, partPrice),
    nonGsmCharacters: length.nonGsmCharacters,
    exact: length.exact,
  };
}

/** A card's or a preview's text: an email body's tags and entities dropped, runs of white space made one. */
export function plainText(body: string): string {
  return body
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/gi, " ")
    .replace(/&(amp|lt|gt|quot|#39);/gi, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e.toLowerCase()] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

const small = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 4 });
const large = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A message's price or cost: parts cost fractions of a cent, so below a dollar up to four decimals show ($0.0158, not
 * a rounded $0.02 that would double as the message grows a part); "—" with no price.
 */
export function formatUnitCost(n: number | null): string {
  if (n === null || !Number.isFinite(n)) return "—";
  return `${n < 0 ? "-" : ""}$${(Math.abs(n) < 1 ? small : large).format(Math.abs(n))}`;
}
