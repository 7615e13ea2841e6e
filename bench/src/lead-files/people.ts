import { hash, pick } from "./hash";

/**
 * The people of the generated files. Person p is a pure function of p: a US phone unique to p (written in one of
 * several national formats), an email unique to p, a name, a city and its zip. Files are rows of people.
 */
export interface Person {
  phone: string;
  email: string;
  firstName: string;
  lastName: string;
  city: string;
  zip: string;
}

// Real area codes; every exchange 200–999 with every line number is valid for libphonenumber's full metadata.
const AREAS = `
  201 202 203 205 206 207 208 210 212 213 214 215 216 217 218 219 224 225 228 229 231 234 239 240 248 251 252 253
  254 256 260 262 267 269 270 272 276 281 301 302 303 304 305 307 308 309 310 312 313 314 315 316 317 318 319 320
  321 323 325 330 331 334 336 337 339 347 351 352 360 361 385 386 401 402 404 405 406 407 408 409 410 412 413 414
  415 417 419 423 424 425 430 432 434 435 440 443 469 470 475 478 479 480 484 501 502 503 504 505 507 508 509 510
  512 513 515 516 517 518 520 530 540 541 551 559 561 562 563 567 570 571 573 574 575 580 585 586 601 602 603 605
  606 607 608 609 610 612 614 615 616 617 618 619 620 623 626 630 631 636 641 646 650 651 657 660 661 662 678 682
  701 702 703 704 706 707 708 712 713 714 715 716 717 718 719 720 724 727 731 732 734 740 747 754 757 760 762 763
  765 769 770 772 773 774 775 779 781 785 786 801 802 803 804 805 806 808 810 812 813 814 815 816 817 818 828 830
  831 832 843 845 847 848 850 856 857 858 859 860 862 863 864 865 870 872 878 901 903 904 906 907 908 909 910 912
  913 914 915 916 917 918 919 920 925 928 931 936 937 940 941 947 949 951 952 954 956 970 971 972 973 978 979 980
  985 989
`
  .trim()
  .split(/\s+/);
const EXCHANGES = 800;
const PHONE_SPACE = AREAS.length * EXCHANGES * 10_000;
// A prime dividing neither PHONE_SPACE nor the area count, so p → p·STRIDE + OFFSET (mod PHONE_SPACE) never repeats
// (checked for the first 2.2M people: the 50/50 mix file of 1M rows uses people up to 2M).
const STRIDE = 7_368_787;
const OFFSET = 123_456_789;

export const FIRST_NAMES = `
  James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph
  Jessica Thomas Sarah Charles Karen Daniel Lisa Matthew Nancy Anthony Betty Mark Sandra Donald Ashley Steven
  Kimberly Andrew Emily Paul Donna Joshua Michelle Kevin Carol Brian Amanda George Melissa
`
  .trim()
  .split(/\s+/);
export const LAST_NAMES = `
  Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson
  Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson
  Walker Young
`
  .trim()
  .split(/\s+/);
/** Cities and their zip codes (several start with 0, which an XLSX keeps only through a "00000" format). */
export const CITIES: readonly (readonly [string, string])[] = [
  ["New York", "10001"],
  ["Los Angeles", "90012"],
  ["Chicago", "60601"],
  ["Houston", "77002"],
  ["Phoenix", "85004"],
  ["Philadelphia", "19103"],
  ["San Antonio", "78205"],
  ["San Diego", "92101"],
  ["Dallas", "75201"],
  ["Austin", "78701"],
  ["Boston", "02108"],
  ["Providence", "02903"],
  ["Hartford", "06103"],
  ["Newark", "07102"],
  ["Portland", "04101"],
  ["Seattle", "98101"],
  ["Denver", "80202"],
  ["Miami", "33130"],
  ["Atlanta", "30303"],
  ["Nashville", "37203"],
];
const DOMAINS = ["gmail.com", "yahoo.com", "outlook.com", "hotmail.com", "aol.com", "icloud.com", "comcast.net", "example.org"];

/** The ten digits of person p's number: area code, exchange (200–999), line. */
export function phoneDigits(p: number): string {
  const k = (p * STRIDE + OFFSET) % PHONE_SPACE;
  const area = AREAS[k % AREAS.length]!;
  const rest = Math.floor(k / AREAS.length);
  const exchange = 200 + (rest % EXCHANGES);
  const line = Math.floor(rest / EXCHANGES);
  return `${area}${exchange}${String(line).padStart(4, "0")}`;
}

/** How people write US numbers; all of them normalise to the same +1 E.164 number. */
export const PHONE_FORMATS = [
  (d: string) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
  (d: string) => `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
  (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`,
  (d: string) => d,
  (d: string) => `+1 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`,
  (d: string) => `1-${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
  (d: string) => `+1${d}`,
] as const;

export function formatPhone(p: number, format: number): string {
  return PHONE_FORMATS[format % PHONE_FORMATS.length]!(phoneDigits(p));
}

export function person(p: number): Person {
  const firstName = pick(FIRST_NAMES, p, 1);
  const lastName = pick(LAST_NAMES, p, 2);
  const [city, zip] = pick(CITIES, p, 3);
  return {
    phone: formatPhone(p, hash(p, 4)),
    email: `${firstName}.${lastName}.${p}@${pick(DOMAINS, p, 5)}`.toLowerCase(),
    firstName,
    lastName,
    city,
    zip,
  };
}

export const HEADINGS = ["Phone", "Email", "First Name", "Last Name", "City", "Zip"] as const;

export function personCells(x: Person): string[] {
  return [x.phone, x.email, x.firstName, x.lastName, x.city, x.zip];
}
