import { describe, expect, it } from "vitest";
import { smsLength } from "./sms-length";
import { answerSender, fillAnswer, isHelpContact, renderSystemAnswer, renderTeamAnswers, SaveTeamMessaging } from "./team-messaging";

const STOP = "{{brand}}: You are unsubscribed and will get no more messages. Reply START to resubscribe.";
const START = "{{brand}}: You are resubscribed. Reply HELP for help, STOP to opt out.";
const HELP = "{{brand}}: Help at {{contact}}. Msg&data rates may apply. Reply STOP to opt out.";

const oneGsmPart = (text: string) => {
  const length = smsLength(text, { placeholders: false });
  return length.encoding === "GSM-7" && length.parts === 1;
};

describe("fillAnswer", () => {
  it.each<[string, string, string | null, string]>([
    [HELP, "Acme", "+1 212 555 0100", "Acme: Help at +1 212 555 0100. Msg&data rates may apply. Reply STOP to opt out."],
    // No contact: its sentence goes, never "Help at ." nor a literal {{contact}}.
    [HELP, "Acme", null, "Acme: Msg&data rates may apply. Reply STOP to opt out."],
    [HELP, "Acme", "  ", "Acme: Msg&data rates may apply. Reply STOP to opt out."],
    ["Questions for {{brand}}? Write {{contact}}!", "Acme", null, "Questions for Acme?"],
    ["{{contact}} helps. Reply STOP.", "Acme", null, "Reply STOP."],
    [STOP, "", null, "You are unsubscribed and will get no more messages. Reply START to resubscribe."],
    // Filled once: a brand that reads like a placeholder is sent as the text it is.
    [START, "{{contact}}", "a@b.co", "{{contact}}: You are resubscribed. Reply HELP for help, STOP to opt out."],
    ["Unsubscribed. Reply START to resubscribe.", "Acme", "a@b.co", "Unsubscribed. Reply START to resubscribe."],
  ])("%j with %j and %j", (template, brand, contact, expected) => {
    expect(fillAnswer(template, brand, contact)).toBe(expected);
  });
});

describe("renderSystemAnswer: one SMS part", () => {
  it("keeps a brand that fits as it is", () => {
    expect(renderSystemAnswer(STOP, { brand: "  Acme   Flowers ", contact: null })).toEqual({
      text: "Acme Flowers: You are unsubscribed and will get no more messages. Reply START to resubscribe.",
      brand: "Acme Flowers",
      fits: true,
    });
  });

  it("drops a long brand's last words until the answer fits, leaving no dangling comma or &", () => {
    const cases = [
      ["Springfield Flowers Gifts Balloons Party Supplies & Cards Delivered Daily, Every Day Of The Week", 10],
      ["Springfield Flowers Gifts Balloons Party Supplies Delivered To Your Door & Weekends", 11],
    ] as const;
    for (const [brand, words] of cases) {
      const answer = renderSystemAnswer(STOP, { brand, contact: null });
      const kept = brand.split(" ").slice(0, words).join(" ").replace(/[,&]$/, "").trim();
      expect(answer).toEqual({ text: fillAnswer(STOP, kept, null), brand: kept, fits: true });
      expect(oneGsmPart(answer.text)).toBe(true);
      // One more word would not fit.
      expect(
        oneGsmPart(
          fillAnswer(
            STOP,
            brand
              .split(" ")
              .slice(0, words + 1)
              .join(" "),
            null,
          ),
        ),
      ).toBe(false);
    }

    const cut = renderSystemAnswer(HELP, { brand: "Acme, & Sons Of Springfield", contact: `help@${"x".repeat(86)}.com` });
    expect(cut).toMatchObject({ brand: "Acme", fits: true });
  });

  it("puts a brand outside GSM-7 in its plain letters, since no default answer fits 70 Unicode characters", () => {
    const answer = renderSystemAnswer(STOP, { brand: "Łódź Pizza’s", contact: null });
    expect(answer).toMatchObject({ brand: "Lodz Pizza's", fits: true });
    expect(oneGsmPart(answer.text)).toBe(true);
    // Accented letters GSM-7 has are kept.
    expect(renderSystemAnswer(STOP, { brand: "Café Niño", contact: null }).brand).toBe("Café Niño");
  });

  it("sends the whole brand, in more parts, when nothing fits", () => {
    expect(renderSystemAnswer(STOP, { brand: "北京烤鸭", contact: null })).toMatchObject({ brand: "北京烤鸭", fits: false });
    const long = `{{brand}}: ${"x".repeat(170)}`;
    expect(renderSystemAnswer(long, { brand: "Acme Flowers", contact: null })).toMatchObject({ brand: "Acme Flowers", fits: false });
  });

  it("leaves a text without placeholders alone, and an empty one empty", () => {
    const text = "You are unsubscribed.";
    expect(renderSystemAnswer(text, { brand: "Acme", contact: null })).toEqual({ text, brand: "Acme", fits: true });
    const all = renderTeamAnswers({ stop: STOP, start: "", help: HELP }, { brand: "Acme", contact: "acme.example.com" });
    expect([all.stop.text, all.start.text, all.help.text]).toEqual([
      "Acme: You are unsubscribed and will get no more messages. Reply START to resubscribe.",
      "",
      "Acme: Help at acme.example.com. Msg&data rates may apply. Reply STOP to opt out.",
    ]);
  });

  it("fits every default answer in one part with the longest brand and contact the settings take", () => {
    const sender = { brand: "B".repeat(40), contact: `${"c".repeat(50)}@acme.test` };
    for (const template of [STOP, START, HELP]) {
      const answer = renderSystemAnswer(template, sender);
      expect(answer.brand).toBe(sender.brand);
      expect(oneGsmPart(answer.text)).toBe(true);
    }
  });

  it("falls back to the team's defaults for unset values", () => {
    const defaults = { default_brand: "Team", default_contact: "admin@team.test" };
    expect(answerSender({ brand_name: null, help_contact: null }, defaults)).toEqual({ brand: "Team", contact: "admin@team.test" });
    expect(answerSender({ brand_name: "Acme", help_contact: "acme.test" }, defaults)).toEqual({ brand: "Acme", contact: "acme.test" });
    expect(answerSender({ brand_name: null, help_contact: null }, { default_brand: "Team", default_contact: null }).contact).toBeNull();
  });
});

describe("SaveTeamMessaging", () => {
  it("trims, reads blanks and absence as unset", () => {
    expect(SaveTeamMessaging.parse({ brand_name: "  Acme \n Flowers ", help_contact: " +1 (212) 555-0100 " })).toEqual({
      brand_name: "Acme Flowers",
      help_contact: "+1 (212) 555-0100",
    });
    expect(SaveTeamMessaging.parse({ brand_name: "   ", help_contact: null })).toEqual({ brand_name: null, help_contact: null });
    expect(SaveTeamMessaging.parse({})).toEqual({ brand_name: null, help_contact: null });
  });

  it("says which field is wrong", () => {
    const issues = (v: object) => SaveTeamMessaging.safeParse(v).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues({ brand_name: "x".repeat(41) })).toEqual([["brand_name", "The brand name may not be greater than 40 characters."]]);
    expect(issues({ help_contact: "call Bob" })).toEqual([["help_contact", "Enter a phone number, an email address or a web address."]]);
    expect(issues({ help_contact: `${"a".repeat(55)}@b.com` })).toEqual([
      ["help_contact", "The help contact may not be greater than 60 characters."],
    ]);
    expect(issues({ brand_name: 5 })).toEqual([["brand_name", "The brand name must be text."]]);
  });

  it.each([
    ["help@acme.com", true],
    ["https://acme.com/help", true],
    ["acme.co.uk", true],
    ["www.acme.com/support?x=1", true],
    ["+1 212-555-0100", true],
    ["(212) 555.0100", true],
    ["55555", true],
    ["1234", false],
    ["1234567890123456", false],
    ["call Bob", false],
    ["acme", false],
    ["@acme.com", false],
    ["http://", false],
    ["help@acme", false],
  ])("%j looks like a contact: %j", (value, expected) => {
    expect(isHelpContact(value)).toBe(expected);
  });
});
