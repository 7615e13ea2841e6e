/*
 * The demo's leads: made up, and the same on every install (a fixed sequence, no randomness), so the demo and the
 * browser flows that look at it see the same people. Every number is one reserved for fiction — US 555-0100 to
 * 555-0199 in each area code, Germany's drama ranges — and every address is at example.com/.net/.org: nothing here
 * reaches a real person even through a real gateway. The last digit of each US number picks its sandbox outcome
 * (docs/providers.md, Sandbox senders): most end in 0–5 (delivered), a few in 6 to 9 (failed, unreachable, blocked,
 * landline); an email with "bounce" or "complaint" in it bounces or complains.
 */

export interface DemoPerson {
  phone: string | null;
  email: string | null;
  firstName: string;
  lastName: string;
  city: string;
  state: string | null;
  zip: string;
  /** Only where the phone's area code cannot say it (the German leads). */
  timezone: string | null;
}

interface Place {
  city: string;
  state: string | null;
  zips: readonly string[];
  /** The number before the last three digits ("+1646555 01" + two digits for US 555-01xx). */
  prefix: string;
  count: number;
  timezone?: string;
}

/** Where the demo's people live, and how many in each place. */
const PLACES: readonly Place[] = [
  { city: "New York", state: "NY", zips: ["10001", "10011", "10016", "10023", "10128"], prefix: "+164655501", count: 40 },
  { city: "Brooklyn", state: "NY", zips: ["11201", "11215", "11238"], prefix: "+171855501", count: 25 },
  { city: "Los Angeles", state: "CA", zips: ["90012", "90026", "90036"], prefix: "+121355501", count: 30 },
  { city: "San Francisco", state: "CA", zips: ["94103", "94110", "94117"], prefix: "+141555501", count: 25 },
  { city: "Austin", state: "TX", zips: ["78701", "78704", "78745"], prefix: "+151255501", count: 25 },
  { city: "Houston", state: "TX", zips: ["77002", "77006", "77019"], prefix: "+171355501", count: 25 },
  { city: "Miami", state: "FL", zips: ["33130", "33139", "33145"], prefix: "+130555501", count: 30 },
  { city: "Chicago", state: "IL", zips: ["60601", "60614", "60622"], prefix: "+131255501", count: 30 },
  { city: "Berlin", state: null, zips: ["10115", "10245"], prefix: "+4930231251", count: 7, timezone: "Europe/Berlin" },
  { city: "Hamburg", state: null, zips: ["20095"], prefix: "+4940669691", count: 4, timezone: "Europe/Berlin" },
  { city: "München", state: null, zips: ["80331"], prefix: "+4989999981", count: 4, timezone: "Europe/Berlin" },
];

/** People with an email and no phone (a newsletter sign-up), spread over the US places. */
const EMAIL_ONLY = 25;

const FIRST = [
  "Olivia",
  "Liam",
  "Emma",
  "Noah",
  "Ava",
  "Mateo",
  "Sophia",
  "Lucas",
  "Mia",
  "Ethan",
  "Isabella",
  "James",
  "Amara",
  "Daniel",
  "Chloe",
  "Henry",
  "Priya",
  "Leo",
  "Grace",
  "Samuel",
  "Zoe",
  "Owen",
  "Lily",
  "Marcus",
  "Nora",
  "Diego",
  "Hannah",
  "Caleb",
  "Aisha",
  "Julian",
  "Elena",
  "Ryan",
  "Maya",
  "Adrian",
  "Leah",
  "Tomás",
  "Ruby",
  "Felix",
  "Ines",
  "Jonas",
  "Clara",
  "Yusuf",
  "Stella",
  "Kenji",
  "Paula",
  "Omar",
  "Freya",
  "Victor",
  "Alma",
  "Reza",
];
const LAST = [
  "Johnson",
  "Garcia",
  "Smith",
  "Nguyen",
  "Williams",
  "Martinez",
  "Brown",
  "Lee",
  "Davis",
  "Rodriguez",
  "Miller",
  "Kim",
  "Wilson",
  "Lopez",
  "Anderson",
  "Patel",
  "Thomas",
  "Hernandez",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "White",
  "Clark",
  "Lewis",
  "Walker",
  "Hall",
  "Young",
  "Allen",
  "King",
  "Wright",
  "Scott",
  "Green",
  "Baker",
  "Adams",
  "Nelson",
  "Hill",
  "Campbell",
  "Mitchell",
  "Roberts",
  "Carter",
  "Phillips",
  "Evans",
  "Turner",
  "Torres",
  "Parker",
  "Collins",
  "Edwards",
  "Stewart",
  "Morris",
];
const GERMAN_LAST = ["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Wagner", "Becker", "Hoffmann", "Koch", "Richter"];
const DOMAINS = ["example.com", "example.net", "example.org"];

/**
 * The last digit of a place's n-th number: mostly 0–5 (delivered), about one in nine a failure of some kind. Taken
 * in turn, each (place, digit) pair gets its own tens digit, so no number repeats.
 */
function lastDigit(n: number): number {
  if (n % 29 === 6) return 6;
  if (n % 31 === 12) return 8;
  if (n % 37 === 20) return 9;
  if (n % 41 === 27) return 7;
  return n % 6;
}

/** first.last@…, with a number when that one is taken: no two people share an address (they would merge). */
function mailer(): (first: string, last: string, n: number) => string {
  const taken = new Set<string>();
  return (first, last, n) => {
    const local = `${first}.${last}`
      .normalize("NFKD")
      .replace(/[^a-zA-Z.]/g, "")
      .toLowerCase();
    const domain = DOMAINS[n % DOMAINS.length]!;
    const plain = `${local}@${domain}`;
    const address = taken.has(plain) ? `${local}${n}@${domain}` : plain;
    taken.add(address);
    return address;
  };
}

/** What an email address does at the sandbox: a few bounce or complain. */
function withOutcome(email: string, n: number): string {
  if (n % 47 === 13) return email.replace("@", ".bounce@");
  if (n % 83 === 40) return email.replace("@", ".complaint@");
  return email;
}

/** Every demo person, in a fixed order: each place's people, then the email-only ones. */
export function demoPeople(): DemoPerson[] {
  const people: DemoPerson[] = [];
  const mail = mailer();
  let n = 0;
  for (const place of PLACES) {
    const used = new Map<number, number>();
    for (let i = 0; i < place.count; i++, n++) {
      const digit = lastDigit(n);
      const tens = used.get(digit) ?? 0;
      used.set(digit, tens + 1);
      const german = place.state === null;
      const firstName = FIRST[(n * 7) % FIRST.length]!;
      const lastName = german ? GERMAN_LAST[n % GERMAN_LAST.length]! : LAST[(n * 11) % LAST.length]!;
      people.push({
        phone: `${place.prefix}${tens}${digit}`,
        // One in seven gave only a phone.
        email: n % 7 === 3 ? null : withOutcome(mail(firstName, lastName, n), n),
        firstName,
        lastName,
        city: place.city,
        state: place.state,
        zip: place.zips[i % place.zips.length]!,
        timezone: place.timezone ?? null,
      });
    }
  }
  const us = PLACES.filter((p) => p.state !== null);
  for (let i = 0; i < EMAIL_ONLY; i++, n++) {
    const place = us[i % us.length]!;
    const firstName = FIRST[(n * 3) % FIRST.length]!;
    const lastName = LAST[(n * 13) % LAST.length]!;
    people.push({
      phone: null,
      email: withOutcome(mail(firstName, lastName, n), n),
      firstName,
      lastName,
      city: place.city,
      state: place.state,
      zip: place.zips[i % place.zips.length]!,
      timezone: null,
    });
  }
  return people;
}

/** The demo's lists and how many people each holds; the last takes whoever is left. */
export const DEMO_LIST_SIZES = {
  "Spring campaign": 85,
  Retargeting: 50,
  "Search — insurance": 55,
  Display: 45,
  "Q4 partners": null,
} as const;
export type DemoListName = keyof typeof DEMO_LIST_SIZES;
/** The lists the demo's SMS campaign texts; the email campaign writes to the other three. */
export const DEMO_SMS_LISTS: readonly DemoListName[] = ["Spring campaign", "Retargeting"];

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The people of each list: people with a phone fill the texting lists; the others share the rest with the
 * email-only people spread among them. Taken in a stride across the places, so every list has people from each.
 */
export function demoListMembers(people: readonly DemoPerson[]): Map<DemoListName, DemoPerson[]> {
  let step = 13;
  while (gcd(step, people.length) !== 1) step++;
  const order = people.map((_, i) => people[(i * step) % people.length]!);
  const phones = order.filter((p) => p.phone !== null);
  const emailOnly = order.filter((p) => p.phone === null);
  const out = new Map<DemoListName, DemoPerson[]>();
  for (const name of DEMO_SMS_LISTS) out.set(name, phones.splice(0, DEMO_LIST_SIZES[name] ?? 0));
  const every = Math.max(1, Math.floor((phones.length + emailOnly.length) / Math.max(1, emailOnly.length)));
  const pool: DemoPerson[] = [];
  while (phones.length || emailOnly.length) {
    if (emailOnly.length && (pool.length % every === every - 1 || !phones.length)) pool.push(emailOnly.shift()!);
    else pool.push(phones.shift()!);
  }
  for (const name of Object.keys(DEMO_LIST_SIZES) as DemoListName[]) {
    if (DEMO_SMS_LISTS.includes(name)) continue;
    const size = DEMO_LIST_SIZES[name];
    out.set(name, pool.splice(0, size ?? pool.length));
  }
  return out;
}
