import { describe, expect, it } from "vitest";
import { newLinkCode } from "./link-code";
import {
  emailHeaderText,
  emailUrl,
  escapeHtml,
  type MessageValues,
  renderEmailHtml,
  renderEmailSubject,
  renderMessage,
} from "./render-message";

const values: MessageValues = {
  link: "https://go.example.com/AbCdEfGhIj",
  unsubscribeUrl: "https://app.example.com/u/XyZ",
  source: "Web",
  list: "April",
  phone: "+12015550123",
  attributes: { first_name: "Ann", city: "", phone: "+12015550123", prénom: "Zoé", source: "attribute wins?" },
};
/** Always the lower bound plus 7, so a test can see which bounds were used. */
const fixed = (min: number) => min + 7;

describe("renderMessage", () => {
  it.each([
    ["Hi {{first_name}}!", "Hi Ann!"],
    ["{{link}} from {{source}} / {{list}}", "https://go.example.com/AbCdEfGhIj from Web / April"],
    ["ends in {{last_4_digits}}", "ends in 0123"],
    ["code {{random:100-5000}}", "code 107"],
    ["reversed {{random:5000-100}}", "reversed 107"],
    ["no value: [{{city}}]", "no value: []"],
    ["unicode slug {{prénom}}", "unicode slug Zoé"],
    ["built-in wins: {{source}}", "built-in wins: Web"],
    ["unknown {{nickname}} stays", "unknown {{nickname}} stays"],
    ["not a placeholder {{ first_name }} {first_name} {{}}", "not a placeholder {{ first_name }} {first_name} {{}}"],
    ["{{unsubscribe_url}}", "https://app.example.com/u/XyZ"],
    ["twice {{first_name}} {{first_name}}", "twice Ann Ann"],
    ["", ""],
  ])("%j → %j", (template, expected) => {
    expect(renderMessage(template, values, fixed)).toBe(expected);
  });

  it("does not fill a value that looks like a placeholder", () => {
    const sneaky = { ...values, attributes: { first_name: "{{link}}" } };
    expect(renderMessage("Hi {{first_name}}", sneaky, fixed)).toBe("Hi {{link}}");
  });

  it("draws random numbers inside the bounds by default", () => {
    for (let i = 0; i < 200; i++) {
      const n = Number(renderMessage("{{random:100-110}}", values));
      expect(n).toBeGreaterThanOrEqual(100);
      expect(n).toBeLessThanOrEqual(110);
    }
  });

  it("falls back to no digits for a phone without any", () => {
    expect(renderMessage("[{{last_4_digits}}]", { ...values, phone: "" }, fixed)).toBe("[]");
  });
});

/** What anyone who can submit a lead (the import API, a keyword) could put in its values. */
const hostile = {
  script: "<script>alert(1)</script>",
  link: '<a href="https://evil.example">Claim</a>',
  form: '<form action="https://evil.example"><input name="card"></form>',
  img: "<img src=x onerror=alert(1)>",
};
const lead = (first_name: string, more: Partial<MessageValues> = {}): MessageValues => ({
  ...values,
  ...more,
  attributes: { ...values.attributes, first_name },
});

describe("renderEmailHtml", () => {
  it.each([
    [hostile.script, "&#60;script&#62;alert(1)&#60;/script&#62;"],
    [hostile.link, "&#60;a href=&#34;https://evil.example&#34;&#62;Claim&#60;/a&#62;"],
    [hostile.form, "&#60;form action=&#34;https://evil.example&#34;&#62;&#60;input name=&#34;card&#34;&#62;&#60;/form&#62;"],
    [hostile.img, "&#60;img src=x onerror=alert(1)&#62;"],
    ["O'Brien & Sons", "O&#39;Brien &#38; Sons"],
  ])("puts the lead's %j in as text", (name, escaped) => {
    const html = renderEmailHtml("<p>Hi {{first_name}}!</p>", lead(name), fixed);
    expect(html).toBe(`<p>Hi ${escaped}!</p>`);
    expect(html).not.toMatch(/<(script|a|form|img|input)\b/);
  });

  it("escapes every value read from the lead, built-in or attribute", () => {
    const v = lead("Ann", { source: "<b>Web</b>", list: '"April"', phone: "<1> 201-555-0123" });
    expect(renderEmailHtml("{{source}}|{{list}}|{{last_4_digits}}|{{random:1-2}}", v, fixed)).toBe(
      "&#60;b&#62;Web&#60;/b&#62;|&#34;April&#34;|0123|8",
    );
  });

  it("puts our own links in as links, and keeps the team's markup", () => {
    const html = renderEmailHtml('<a href="{{link}}">Shop</a> <a href="{{unsubscribe_url}}">Unsubscribe</a>', values, fixed);
    expect(html).toBe('<a href="https://go.example.com/AbCdEfGhIj">Shop</a> <a href="https://app.example.com/u/XyZ">Unsubscribe</a>');
  });

  it("never lets one of our links close the attribute it sits in", () => {
    const odd = { ...values, link: `https://go.example.com/"><script>x</script>`, unsubscribeUrl: "https://app.example.com/u/a'b c" };
    expect(renderEmailHtml('<a href="{{link}}">', odd, fixed)).toBe('<a href="https://go.example.com/%22%3E%3Cscript%3Ex%3C/script%3E">');
    expect(renderEmailHtml("<a href='{{unsubscribe_url}}'>", odd, fixed)).toBe("<a href='https://app.example.com/u/a%27b%20c'>");
  });

  it("does not fill a value that looks like a placeholder", () => {
    expect(renderEmailHtml("Hi {{first_name}}", lead("{{unsubscribe_url}}"), fixed)).toBe("Hi {{unsubscribe_url}}");
  });
});

describe("renderEmailSubject", () => {
  it("keeps a line break in a value from starting a header of its own", () => {
    const subject = renderEmailSubject("Hi {{first_name}}, deals inside", lead("Ann\r\nBcc: x@y"), fixed);
    expect(subject).toBe("Hi Ann Bcc: x@y, deals inside");
    expect(subject).not.toMatch(/[\r\n]/);
  });

  it.each([
    ["\r\nBcc: x@y", "Hi Bcc: x@y"],
    ["Ann \n \r\n Lee", "Hi Ann Lee"],
    ["Ann\tLee\u0000\u007f\u0085\u2028Kay", "Hi Ann Lee Kay"],
    ["Ann  Lee", "Hi Ann  Lee"],
  ])("%j on one line", (name, expected) => {
    expect(renderEmailSubject("Hi {{first_name}}", lead(name), fixed)).toBe(expected);
  });

  it("is not HTML: nothing is escaped", () => {
    expect(renderEmailSubject("{{first_name}} & {{source}}", lead("<b>Ann</b>"), fixed)).toBe("<b>Ann</b> & Web");
  });
});

describe("renderMessage (SMS)", () => {
  it("puts every value in as it is", () => {
    expect(renderMessage("Hi {{first_name}} {{link}}", lead('<b>Ann</b> & "co"\r\n'), fixed)).toBe(
      'Hi <b>Ann</b> & "co"\r\n https://go.example.com/AbCdEfGhIj',
    );
  });
});

describe("email helpers", () => {
  it("escapeHtml, emailHeaderText and emailUrl leave ordinary text alone", () => {
    expect(escapeHtml("Zoé 50% off")).toBe("Zoé 50% off");
    expect(emailHeaderText("Spring  sale")).toBe("Spring  sale");
    expect(emailUrl("https://app.example.com/unsubscribe/12?sig=ab&x=1")).toBe("https://app.example.com/unsubscribe/12?sig=ab&x=1");
  });
});

describe("newLinkCode", () => {
  it("is 10 or 11 base62 characters and differs per call", () => {
    const codes = new Set(Array.from({ length: 500 }, () => newLinkCode()));
    expect(codes.size).toBe(500);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Za-z]{10,11}$/);
    expect([...codes].some((c) => c.length === 10)).toBe(true);
    expect([...codes].some((c) => c.length === 11)).toBe(true);
  });
});

describe("fallbacks", () => {
  const blank = { ...values, source: " ", phone: "", attributes: { ...values.attributes, first_name: "  ", city: "" } };
  it.each([
    ["Hi {{first_name|there}}", values, "Hi Ann"],
    ["Hi {{first_name|there}}", blank, "Hi there"],
    ["In {{city|your area}}", values, "In your area"],
    ["From {{source|our site}}", blank, "From our site"],
    ["[{{last_4_digits|none}}]", blank, "[none]"],
    ["{{prénom|ami}}", values, "Zoé"],
    ["unknown {{nickname|pal}} stays", values, "unknown {{nickname|pal}} stays"],
    ["empty fallback {{city|}}!", values, "empty fallback !"],
    ["no tag {{first_name|a}b}}", values, "no tag {{first_name|a}b}}"],
    ["{{link|x}} is no tag of ours", values, "https://go.example.com/AbCdEfGhIj is no tag of ours"],
  ])("%j → %j", (template, v, expected) => {
    expect(renderMessage(template, v, fixed)).toBe(expected);
  });

  it("the fallback is the team's text in an email body; the lead's value is escaped", () => {
    expect(renderEmailHtml("<p>Hi {{first_name|<b>friend</b>}}</p>", blank, fixed)).toBe("<p>Hi <b>friend</b></p>");
    expect(renderEmailHtml("<p>Hi {{first_name|friend}}</p>", lead("<i>Ann</i>"), fixed)).toBe("<p>Hi &#60;i&#62;Ann&#60;/i&#62;</p>");
  });

  it("a subject's fallback stays on one line like the rest", () => {
    expect(renderEmailSubject("Hi {{first_name|there}}, deals", blank, fixed)).toBe("Hi there, deals");
  });
});
