export type GuessedAttributeType = "phone" | "email" | "string";

interface Concept {
  label: string;
  type: GuessedAttributeType;
  names: string[];
}

/** What a column usually means, and the names people give it (normalised: lower case, words split by one space). */
const concepts = {
  phone: {
    label: "Phone",
    type: "phone",
    names: [
      "phone",
      "phone number",
      "phonenumber",
      "phone no",
      "phone num",
      "phone nr",
      "ph",
      "mobile",
      "mobile phone",
      "mobile number",
      "mobile no",
      "cell",
      "cell phone",
      "cellphone",
      "cell number",
      "cell no",
      "tel",
      "tel no",
      "telephone",
      "telephone number",
      "contact number",
      "msisdn",
      "wireless",
    ],
  },
  email: {
    label: "Email",
    type: "email",
    names: ["email", "e mail", "email address", "e mail address", "emailaddress", "mail", "email id", "mail address"],
  },
  first_name: {
    label: "First Name",
    type: "string",
    names: ["first name", "firstname", "fname", "first", "given name", "givenname", "forename", "name first"],
  },
  last_name: {
    label: "Last Name",
    type: "string",
    names: ["last name", "lastname", "lname", "last", "surname", "family name", "familyname", "name last"],
  },
  full_name: { label: "Name", type: "string", names: ["name", "full name", "fullname", "contact name", "lead name", "customer name"] },
  address: {
    label: "Address",
    type: "string",
    names: ["address", "street", "street address", "address 1", "address line 1", "addr", "mailing address", "street 1"],
  },
  address2: { label: "Address 2", type: "string", names: ["address 2", "address line 2", "street 2", "apt", "suite", "unit"] },
  city: { label: "City", type: "string", names: ["city", "town", "locality", "city town"] },
  state: { label: "State", type: "string", names: ["state", "region", "province", "state province", "st", "state code"] },
  zip: {
    label: "Zip",
    type: "string",
    names: ["zip", "zip code", "zipcode", "postal code", "postalcode", "postcode", "post code", "postal", "zip postal code", "zip4"],
  },
  country: { label: "Country", type: "string", names: ["country", "country code", "country name", "nation"] },
  dob: {
    label: "Date of Birth",
    type: "string",
    names: ["dob", "d o b", "birthday", "date of birth", "birth date", "birthdate", "bday", "born"],
  },
  gender: { label: "Gender", type: "string", names: ["gender", "sex"] },
  company: {
    label: "Company",
    type: "string",
    names: ["company", "company name", "business", "business name", "organization", "organisation", "employer"],
  },
  ip: { label: "IP Address", type: "string", names: ["ip", "ip address", "ipaddress", "ip addr"] },
  website: { label: "Website", type: "string", names: ["website", "web site", "url", "site", "homepage"] },
} as const satisfies Record<string, Concept>;

type ConceptKey = keyof typeof concepts;

const byName = new Map<string, ConceptKey>();
for (const [key, c] of Object.entries(concepts) as [ConceptKey, Concept][]) for (const n of c.names) byName.set(n, key);

/** Words that say which one ("Home Phone", "Work Email", "Phone 2") without changing what the column is. */
const qualifiers = new Set([
  "home",
  "work",
  "office",
  "business",
  "personal",
  "primary",
  "secondary",
  "main",
  "alt",
  "alternate",
  "alternative",
  "other",
  "best",
  "daytime",
  "day",
  "evening",
  "night",
  "direct",
  "contact",
  "lead",
  "customer",
  "client",
  "your",
  "mailing",
  "billing",
  "shipping",
  "current",
  "new",
  "old",
  "preferred",
]);
const numberWords = new Set(["number", "no", "num", "nr", "id"]);

/** "E-Mail Address" → "e mail address"; "FirstName" → "first name"; "Phone1" → "phone 1"; accents dropped. */
export function normalizeName(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/([a-z])(\d)/g, "$1 $2")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

function conceptOf(name: string): ConceptKey | null {
  const full = normalizeName(name);
  const direct = byName.get(full) ?? byName.get(full.replace(/ /g, ""));
  if (direct) return direct;
  const words = full.split(" ").filter((w) => !/^\d+$/.test(w));
  const candidates = [words, words.filter((w) => !qualifiers.has(w))];
  for (const ws of candidates) {
    const key = byName.get(ws.join(" "));
    if (key) return key;
    const withoutNumberWord = ws.length > 1 && numberWords.has(ws.at(-1)!) ? byName.get(ws.slice(0, -1).join(" ")) : undefined;
    if (withoutNumberWord) return withoutNumberWord;
  }
  return null;
}

/** What a heading holds, for new attributes: "Home Phone" → phone, "E-mail" → email, "Phone Type" → string. */
export function guessAttributeType(heading: string): GuessedAttributeType {
  const key = conceptOf(heading);
  return key ? concepts[key].type : "string";
}

export interface MappingAttribute {
  id: number;
  name: string;
  type: string;
}

export interface MappingSuggestion {
  heading: string;
  attribute_id: number | null;
  suggested_name: string;
}

/**
 * A first mapping for the Match Format dialog. Two passes so a better match is never taken by a worse one:
 * first every heading whose normalised name equals an attribute's ("E-mail" = "email", "Phone (2)" = "Phone 2"),
 * then headings whose meaning matches an attribute's by synonym ("Mobile" → "Phone", "Surname" → "Last Name"),
 * preferring an attribute of the matching type. Each attribute is suggested once. Unmatched headings get a name
 * for a new attribute: the usual label for a known meaning ("fname" → "First Name"), else the heading tidied —
 * never a name another heading already got.
 */
export function suggestMapping(headings: readonly string[], attributes: readonly MappingAttribute[]): MappingSuggestion[] {
  const used = new Set<number>();
  const chosen: (MappingAttribute | null)[] = headings.map(() => null);
  const attrNames = attributes.map((a) => normalizeName(a.name));
  headings.forEach((h, i) => {
    const n = normalizeName(h);
    const k = attributes.findIndex((a, j) => !used.has(a.id) && attrNames[j] === n);
    if (k >= 0) {
      chosen[i] = attributes[k]!;
      used.add(attributes[k]!.id);
    }
  });
  const attrConcepts = attributes.map((a) => conceptOf(a.name));
  headings.forEach((h, i) => {
    if (chosen[i]) return;
    const key = conceptOf(h);
    if (!key) return;
    const free = attributes.filter((a, j) => !used.has(a.id) && attrConcepts[j] === key);
    const pick = free.find((a) => a.type === concepts[key].type) ?? free[0];
    if (pick) {
      chosen[i] = pick;
      used.add(pick.id);
    }
  });
  const taken = new Set(attributes.map((a) => a.name.toLowerCase()));
  return headings.map((heading, i) => {
    const attr = chosen[i];
    if (attr) return { heading, attribute_id: attr.id, suggested_name: attr.name };
    const key = conceptOf(heading);
    const tidy = heading.trim().replace(/\s+/g, " ") || `Column ${i + 1}`;
    let name = key && !taken.has(concepts[key].label.toLowerCase()) ? concepts[key].label : tidy;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${tidy} (${n})`;
    taken.add(name.toLowerCase());
    return { heading, attribute_id: null, suggested_name: name };
  });
}
