import { describe, expect, it } from "vitest";
import {
  HELP_WORDS,
  NOT_TYPOS,
  normalizeReply,
  oneEditApart,
  type ReplyIntent,
  replyIntent,
  START_WORDS,
  STOP_WORDS,
} from "./reply-intent";

describe("normalizeReply", () => {
  it.each([
    ["STOP!!", "stop"],
    [" Stop. ", "stop"],
    ["ＳＴＯＰ", "stop"],
    ["Ｓｔｏｐ！", "stop"],
    [" s t o p", "s t o p"],
    ["Opt-Out", "opt out"],
    ["Don’t text me 😡", "dont text me"],
    ["don't\ttext\n\nme", "dont text me"],
    ["ST\u200BOP", "stop"],
    ["👍🏽 ok", "ok"],
    ["🛑", ""],
    ["ﬁn", "fin"],
    ["Café", "café"],
    ["UNSUBSCRİBE", "unsubscribe"],
    ["1️⃣", "1"],
  ])("%j → %j", (raw, expected) => {
    expect(normalizeReply(raw)).toBe(expected);
  });
});

const keywords = ["DEALS", "Join Now", "STOP", "YES", "HELP", "STOP PLEASE"];

describe("replyIntent", () => {
  it.each<[string, ReplyIntent]>([
    // Exact sets: the whole normalised message, whatever the case, punctuation, width or emoji.
    ["STOP", { kind: "stop" }],
    ["stop.", { kind: "stop" }],
    ["Stop!!! 🛑", { kind: "stop" }],
    ["ＳＴＯＰ", { kind: "stop" }],
    ["StopAll", { kind: "stop" }],
    ["stop all", { kind: "stop" }],
    ["UNSUBSCRIBE", { kind: "stop" }],
    ["unsub", { kind: "stop" }],
    ["Cancel", { kind: "stop" }],
    ["END", { kind: "stop" }],
    ["quit", { kind: "stop" }],
    ["Revoke", { kind: "stop" }],
    ["opt-out", { kind: "stop" }],
    ["OPTOUT", { kind: "stop" }],
    ["remove", { kind: "stop" }],
    ["Start", { kind: "start" }],
    ["UNSTOP", { kind: "start" }],
    ["Yes!", { kind: "start" }],
    ["HELP?", { kind: "help" }],
    ["info", { kind: "help" }],
    // Fuzzy opt-outs.
    ["Stop please", { kind: "fuzzy_stop", phrase: "stop" }],
    ["STOP STOP STOP", { kind: "fuzzy_stop", phrase: "stop stop stop" }],
    ["stop it", { kind: "fuzzy_stop", phrase: "stop it" }],
    ["Who is this? Stop", { kind: "fuzzy_stop", phrase: "stop" }],
    ["stop fucking texting me", { kind: "fuzzy_stop", phrase: "stop fucking texting" }],
    ["fucking stop", { kind: "fuzzy_stop", phrase: "stop" }],
    ["no, stop. thanks", { kind: "fuzzy_stop", phrase: "stop" }],
    ["Please stop texting me", { kind: "fuzzy_stop", phrase: "stop texting" }],
    ["i said stop sending these", { kind: "fuzzy_stop", phrase: "stop sending" }],
    ["Can you stop the messages", { kind: "fuzzy_stop", phrase: "stop the messages" }],
    ["Wrong number", { kind: "fuzzy_stop", phrase: "wrong number" }],
    ["You have the wrong number!", { kind: "fuzzy_stop", phrase: "wrong number" }],
    ["Remove me from your list", { kind: "fuzzy_stop", phrase: "remove me" }],
    ["please take me off your list", { kind: "fuzzy_stop", phrase: "take me off your list" }],
    ["take me off", { kind: "fuzzy_stop", phrase: "take me off" }],
    ["Yes, stop", { kind: "fuzzy_stop", phrase: "stop" }],
    ["Unsubscribe me", { kind: "fuzzy_stop", phrase: "unsubscribe" }],
    ["how do I opt out?", { kind: "fuzzy_stop", phrase: "opt out" }],
    ["I already unsubscribed", { kind: "fuzzy_stop", phrase: "unsubscribed" }],
    ["DO NOT TEXT", { kind: "fuzzy_stop", phrase: "do not text" }],
    ["dont text me", { kind: "fuzzy_stop", phrase: "dont text" }],
    ["Don’t text me again", { kind: "fuzzy_stop", phrase: "dont text" }],
    ["leave me alone", { kind: "fuzzy_stop", phrase: "leave me alone" }],
    ["no more texts pls", { kind: "fuzzy_stop", phrase: "no more texts" }],
    // False-positive traps: a STOP word or phrase inside an ordinary message.
    ["stop by tomorrow?", { kind: "message" }],
    ["I'll stop by later", { kind: "message" }],
    ["can't stop smiling", { kind: "message" }],
    ["don't stop", { kind: "message" }],
    ["meet me at the bus stop", { kind: "message" }],
    ["what time does it end", { kind: "message" }],
    ["cancel my order?", { kind: "message" }],
    ["quit your job today", { kind: "message" }],
    ["the end", { kind: "message" }],
    ["I can't stop texting her lol", { kind: "message" }],
    ["I'll stop texting you then", { kind: "message" }],
    ["I don't text much", { kind: "message" }],
    ["please don't unsubscribe me", { kind: "message" }],
    ["s t o p", { kind: "message" }],
    ["who is this?", { kind: "message" }],
    ["help me", { kind: "message" }],
    ["yes please", { kind: "message" }],
    ["take me off speaker", { kind: "message" }],
    ["🛑", { kind: "message" }],
    ["", { kind: "message" }],
    // Team keywords: the whole message, both sides normalised.
    ["deals!", { kind: "keyword", keyword: "DEALS" }],
    ["Ｄｅａｌｓ", { kind: "keyword", keyword: "DEALS" }],
    ["join now.", { kind: "keyword", keyword: "Join Now" }],
    ["no deals", { kind: "message" }],
    ["deals please", { kind: "message" }],
    // A keyword never shadows STOP, START, HELP or an opt-out phrase.
    ["stop", { kind: "stop" }],
    ["yes", { kind: "start" }],
    ["help", { kind: "help" }],
    ["stop please", { kind: "fuzzy_stop", phrase: "stop" }],
  ])("%j → %j", (text, expected) => {
    expect(replyIntent(text, keywords)).toEqual(expected);
  });

  it("matches no keyword when none are given, nor an empty reply to a blank keyword", () => {
    expect(replyIntent("deals")).toEqual({ kind: "message" });
    expect(replyIntent("!!", ["", "  "])).toEqual({ kind: "message" });
  });

  it("lists every set word in its normalised form, in one set only", () => {
    const all = [...STOP_WORDS, ...START_WORDS, ...HELP_WORDS];
    for (const word of all) expect(normalizeReply(word)).toBe(word);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe("one edit from STOP, UNSUBSCRIBE or CANCEL", () => {
  it.each([
    ["stop", "stopp", true],
    ["stop", "stp", true],
    ["stop", "sotp", true],
    ["stop", "stpo", true],
    ["stop", "xtop", true],
    ["stop", "stop", false],
    ["stop", "spot", false],
    ["stop", "stoppp", false],
    ["stop", "tsp", false],
    ["cancel", "cancle", true],
    ["cancel", "cacnle", false],
    ["", "a", true],
  ])("%j and %j: %j", (a, b, expected) => {
    expect(oneEditApart(a, b)).toBe(expected);
    expect(oneEditApart(b, a)).toBe(expected);
  });

  const optOuts = [
    "stopp",
    "STOPP!",
    "stp",
    "sto",
    "sotp",
    "tsop",
    "stpo",
    "st0p",
    "Stops",
    "stopt",
    "strop",
    "sop",
    "unsubscibe",
    "unsubsribe",
    "unsubscirbe",
    "Unsubscrbe.",
    "unsubscribes",
    "cancle",
    "cancell",
    "cance",
    "camcel",
    "cancels",
  ];
  it.each(optOuts)("%j is an opt-out, named by the word", (text) => {
    expect(replyIntent(text)).toEqual({ kind: "fuzzy_stop", phrase: normalizeReply(text) });
  });

  const messages = [
    ...NOT_TYPOS,
    "Shop",
    "step?",
    "spot",
    "stay",
    "soup",
    "stoppp",
    "and",
    "send",
    "quite",
    "ends",
    "cancelled",
    "stopp by later",
    "st op",
  ];
  it.each(messages)("%j is a message", (text) => {
    expect(replyIntent(text)).toEqual({ kind: "message" });
  });

  it("leaves a word that is one of the team's keywords to its keyword", () => {
    expect(replyIntent("stops", ["STOPS"])).toEqual({ kind: "keyword", keyword: "STOPS" });
    expect(replyIntent("Shop!", ["SHOP"])).toEqual({ kind: "keyword", keyword: "SHOP" });
    expect(replyIntent("cancle", ["CANCEL1"])).toEqual({ kind: "fuzzy_stop", phrase: "cancle" });
  });
});
