import type { ClickBotReason } from "./click-agent";

// Test data for classifyClick: user agents as they arrive on a short link or an open pixel. The machine agents are
// the fetchers' published or logged strings; the browsers vary real templates over versions and devices.

/** A machine's user agent and the reason classifyClick should give for it. */
export type LabelledAgent = { userAgent: string; reason: ClickBotReason };

const labelled = (reason: ClickBotReason, agents: string[]): LabelledAgent[] => agents.map((userAgent) => ({ userAgent, reason }));

/** Link previews, mail scanners and crawlers, each with its expected reason. */
export const MACHINE_AGENTS: readonly LabelledAgent[] = [
  // iMessage (Apple LinkPresentation) and Facebook/Messenger/Instagram share previews; LINE borrows the token.
  ...labelled("link_preview", [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0",
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "facebookexternalhit/1.1",
    "facebookexternalhit/1.0 (+http://www.facebook.com/externalhit_uatext.php)",
    "facebookcatalog/1.0",
    "meta-externalfetcher/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
    "meta-externalfetcher/1.1",
    "facebookexternalhit/1.1;line-poker/1.0",
  ]),
  // WhatsApp (Android "A", iOS "i") and Signal, which sends WhatsApp's name.
  ...labelled("link_preview", [
    "WhatsApp/2.24.6.77 A",
    "WhatsApp/2.23.20.0 A",
    "WhatsApp/2.19.258 A",
    "WhatsApp/2.24.8.85 i",
    "WhatsApp/2.23.18.78 i",
    "WhatsApp/2.12.15/i",
    "WhatsApp/2",
    "WhatsApp",
  ]),
  // Slack, Telegram, Twitter/X, LinkedIn, Discord.
  ...labelled("link_preview", [
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    "Slackbot 1.0 (+https://api.slack.com/robots)",
    "Slack-ImgProxy (+https://api.slack.com/robots)",
    "TelegramBot (like TwitterBot)",
    "Twitterbot/1.0",
    "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
    "LinkedInBot/1.0 (compatible; Mozilla/5.0; Jakarta Commons-HttpClient/3.1 +http://www.linkedin.com)",
    "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
  ]),
  // Skype/Teams previews, Microsoft link cards, Office's check before it opens the browser, Viber.
  ...labelled("link_preview", [
    "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com",
    "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MicrosoftPreview/2.0; +https://aka.ms/MicrosoftPreview) Chrome/100.0.4896.127 Safari/537.36",
    "Microsoft Office Existence Discovery",
    "Microsoft Office Protocol Discovery",
    "ViberUrlDownloader",
  ]),
  // Google Read Aloud, and the Gmail and Yahoo image proxies fetching an open pixel.
  ...labelled("link_preview", [
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36 (compatible; Google-Read-Aloud; +https://support.google.com/webmasters/answer/1061943)",
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/41.0.2272.96 Mobile Safari/537.36 (compatible; Google-Read-Aloud; +https://support.google.com/webmasters/answer/1061943)",
    "Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)",
    "YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html",
    "Mozilla/5.0 (compatible; Yahoo Link Preview; https://help.yahoo.com/kb/mail/yahoo-link-preview-SLN23615.html)",
  ]),
  // Snapchat, Pinterest, Reddit, Mastodon, Bluesky, KakaoTalk, embed services.
  ...labelled("link_preview", [
    "Snap URL Preview Service; bot; snapchat; https://developers.snap.com/robots",
    "Pinterest/0.2 (+http://www.pinterest.com/)",
    "Mozilla/5.0 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)",
    "Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)",
    "http.rb/5.1.1 (Mastodon/4.2.1; +https://mastodon.social/)",
    "Mastodon/4.3.0 (http.rb/5.2.0; +https://mastodon.social/) Bot",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app) Chrome/W.X.Y.Z Safari/537.36",
    "kakaotalk-scrap/1.0; +https://devtalk.kakao.com/t/scrap/33984",
    "Mozilla/5.0 (compatible; Embedly/0.2; +http://support.embed.ly/)",
    "Iframely/1.3.1 (+https://iframely.com/docs/about)",
  ]),
  // Microsoft Defender Safe Links / Bing snapshots, and security services that name themselves.
  ...labelled("mail_scanner", [
    "Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/534+ (KHTML, like Gecko) BingPreview/1.0b",
    "Mozilla/5.0 (Windows NT 6.3; WOW64; Trident/7.0; rv:11.0; BingPreview/1.0b) like Gecko",
    "Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0;  WOW64;  Trident/6.0;  BingPreview/1.0b)",
    "Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0;  WOW64;  Trident/5.0;  BingPreview/1.0b)",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 7_0 like Mac OS X) AppleWebKit/537.51.1 (KHTML, like Gecko) Version/7.0 Mobile/11A465 Safari/9537.53 BingPreview/1.0b",
    "Barracuda Sentinel (EE)",
    "Mozilla/5.0 (compatible; Barracuda Sentinel (EE))",
    "Kaspersky Lab CFR link resolver cfradmins@kaspersky.com",
    "binlar_2.6.3 phanendra_kalapala@McAfee.com",
    "Google-Safety",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.0.0 Safari/537.36 AppEngine-Google; (+http://code.google.com/appengine; appid: s~virustotalcloud)",
  ]),
  // Chrome's private prefetch proxy.
  ...labelled("prefetch", ["Chrome Privacy Preserving Prefetch Proxy"]),
  // Search and AI crawlers, uptime monitors, headless browsers, HTTP libraries: isbot's ground.
  ...labelled("crawler", [
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.6422.141 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)",
    "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
    "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
    "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
    "Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)",
    "Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)",
    "Mozilla/5.0 (compatible; DotBot/1.2; +https://opensiteexplorer.org/dotbot; help@moz.com)",
    "Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)",
    "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36 (compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)",
    "CCBot/2.0 (https://commoncrawl.org/faq/)",
    "meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
    "Mozilla/5.0 (compatible; FacebookBot/1.0; +https://developers.facebook.com/docs/sharing/webmasters/facebookbot/)",
    "Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)",
    "Pingdom.com_bot_version_1.4_(http://www.pingdom.com/)",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.6099.109 Safari/537.36",
    "curl/8.4.0",
    "Wget/1.21.4",
    "python-requests/2.31.0",
    "Python-urllib/3.11",
    "Go-http-client/1.1",
    "Go-http-client/2.0",
    "okhttp/4.12.0",
    "axios/1.6.7",
    "node-fetch/1.0 (+https://github.com/bitinn/node-fetch)",
    "Java/17.0.9",
    "Apache-HttpClient/4.5.14 (Java/17.0.9)",
    "Mozilla/5.0",
  ]),
];

// iOS versions as Safari reports them: the OS token and Safari's version.
const IOS: [os: string, safari: string][] = [
  ["15_0", "15.0"],
  ["15_1", "15.1"],
  ["15_2", "15.2"],
  ["15_3_1", "15.3"],
  ["15_4_1", "15.4"],
  ["15_5", "15.5"],
  ["15_6_1", "15.6.1"],
  ["15_7", "15.6.1"],
  ["15_8", "15.6.6"],
  ["16_0", "16.0"],
  ["16_1_1", "16.1"],
  ["16_2", "16.2"],
  ["16_3_1", "16.3"],
  ["16_4_1", "16.4"],
  ["16_5", "16.5"],
  ["16_6", "16.6"],
  ["16_6_1", "16.6"],
  ["16_7_8", "16.6"],
  ["17_0_3", "17.0"],
  ["17_1_2", "17.1.2"],
  ["17_2_1", "17.2"],
  ["17_3_1", "17.3.1"],
  ["17_4_1", "17.4.1"],
  ["17_5_1", "17.5"],
  ["17_6_1", "17.6"],
  ["18_0", "18.0"],
  ["18_1_1", "18.1.1"],
  ["18_2", "18.2"],
  ["18_3_2", "18.3.1"],
  ["18_4", "18.4"],
  ["18_5", "18.5"],
  ["18_6", "18.6"],
];

const safariIphone = IOS.map(
  ([os, v]) =>
    `Mozilla/5.0 (iPhone; CPU iPhone OS ${os} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${v} Mobile/15E148 Safari/604.1`,
);
const safariOther = [
  // Safari 26 freezes the OS token at 18_6.
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (iPad; CPU OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  // iPadOS asks for desktop sites by default.
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Safari/605.1.15",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Safari/605.1.15",
  // Safari on a Mac.
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6.1 Safari/605.1.15",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.3 Safari/605.1.15",
];

// Chrome for Android before the UA reduction named the model and the full version.
const chromeAndroidFull: [android: string, model: string, chrome: string][] = [
  ["13", "SM-S918B", "109.0.5414.117"],
  ["13", "SM-A536B", "108.0.5359.128"],
  ["12", "SM-G991B", "107.0.5304.141"],
  ["13", "Pixel 7", "109.0.5414.86"],
  ["12", "Pixel 6", "106.0.5249.126"],
  ["11", "moto g power (2021)", "104.0.5112.97"],
  ["12", "M2101K6G", "105.0.5195.136"],
  ["13", "CPH2451", "109.0.5414.117"],
  ["10", "SM-A205U", "103.0.5060.129"],
  ["11", "LM-K500", "102.0.5005.125"],
  ["10", "SM-G960F", "96.0.4664.104"],
  ["11", "Nokia G20", "100.0.4896.127"],
];
// Since Chrome 110 every Android device says "Android 10; K" and only the major version.
const CHROME_MAJORS = [110, 112, 114, 116, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 133, 136, 138, 140];
const chromeAndroid = [
  ...chromeAndroidFull.map(
    ([a, m, c]) => `Mozilla/5.0 (Linux; Android ${a}; ${m}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${c} Mobile Safari/537.36`,
  ),
  ...CHROME_MAJORS.map(
    (v) => `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Mobile Safari/537.36`,
  ),
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
];

const samsungInternet = [
  ["13", "SAMSUNG SM-S911B", "23.0", "115.0.0.0"],
  ["14", "SAMSUNG SM-S928B", "25.0", "121.0.0.0"],
  ["12", "SAMSUNG SM-A525F", "20.0", "106.0.5249.126"],
  ["13", "SAMSUNG SM-A546B", "22.0", "111.0.5563.116"],
  ["10", "K", "24.0", "117.0.0.0"],
  ["10", "K", "26.0", "122.0.0.0"],
  ["10", "K", "27.0", "125.0.0.0"],
  ["11", "SAMSUNG SM-G781B", "19.0", "102.0.5005.125"],
].map(
  ([a, m, s, c]) =>
    `Mozilla/5.0 (Linux; Android ${a}; ${m}) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/${s} Chrome/${c} Mobile Safari/537.36`,
);
// Samsung Internet on a Galaxy Tab: no "Mobile".
samsungInternet.push(
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Safari/537.36",
);

const firefox = [
  ...[115, 120, 125, 128, 131, 135, 140].map((v) => `Mozilla/5.0 (Android 14; Mobile; rv:${v}.0) Gecko/${v}.0 Firefox/${v}.0`),
  "Mozilla/5.0 (Android 12; Mobile; rv:109.0) Gecko/113.0 Firefox/113.0",
  ...[
    ["16_6", "118.0"],
    ["17_1_2", "121.0"],
    ["17_4_1", "124.1"],
    ["17_5_1", "127.0"],
    ["18_1_1", "132.0"],
    ["18_3_2", "136.0"],
  ].map(
    ([os, v]) =>
      `Mozilla/5.0 (iPhone; CPU iPhone OS ${os} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/${v} Mobile/15E148 Safari/605.1.15`,
  ),
];

const chromeIos = [
  ["15_7", "109.0.5414.112"],
  ["16_3_1", "110.0.5481.114"],
  ["16_6", "116.0.5845.177"],
  ["17_1_2", "119.0.6045.169"],
  ["17_2_1", "120.0.6099.119"],
  ["17_4_1", "123.0.6312.52"],
  ["17_5_1", "126.0.6478.54"],
  ["17_6_1", "128.0.6613.98"],
  ["18_1_1", "131.0.6778.73"],
  ["18_3_2", "134.0.6998.99"],
  ["18_5", "137.0.7151.79"],
].map(
  ([os, v]) =>
    `Mozilla/5.0 (iPhone; CPU iPhone OS ${os} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/${v} Mobile/15E148 Safari/604.1`,
);
chromeIos.push(
  "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/117.0.5938.117 Mobile/15E148 Safari/604.1",
);

const edge = [
  ...[
    ["120", "120.0.2210.91"],
    ["124", "124.0.2478.80"],
    ["128", "128.0.2739.79"],
    ["131", "131.0.2903.86"],
    ["136", "136.0.3240.64"],
  ].map(
    ([c, e]) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${c}.0.0.0 Safari/537.36 Edg/${e}`,
  ),
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87",
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 EdgA/124.0.2478.64",
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 EdgA/130.0.2849.80",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/125.2535.60 Mobile/15E148 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 EdgiOS/131.2903.68 Mobile/15E148 Safari/605.1.15",
];

/** Current desktop browsers as a person's click sends them (the demo's desktop visitor's among them). */
export const DESKTOP_BROWSERS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36",
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36 Edg/141.0.0.0",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:143.0) Gecko/20100101 Firefox/143.0",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Safari/605.1.15",
] as const;

const desktop = [
  ...DESKTOP_BROWSERS,
  ...[116, 120, 124, 128, 131, 136].map(
    (v) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`,
  ),
  ...[118, 122, 126, 130].map(
    (v) => `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`,
  ),
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36",
  ...[115, 121, 128, 133].map((v) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${v}.0) Gecko/20100101 Firefox/${v}.0`),
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:127.0) Gecko/20100101 Firefox/127.0",
  "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
  "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0",
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 OPR/83.0.0.0",
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36 DuckDuckGo/5",
];

// In-app browsers: a person tapping a link inside the app (the same apps' preview fetchers are machines, above).
const instagram = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 295.0.0.18.111 (iPhone14,5; iOS 16_6; en_US; en; scale=3.00; 1170x2532; 500160101)",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 326.0.3.23.98 (iPhone15,2; iOS 17_4_1; en_US; en; scale=3.00; 1179x2556; 585497213)",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98 (iPhone13,2; iOS 17_5_1; en_GB; en-GB; scale=3.00; 1170x2532; 612822011)",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 356.0.0.27.91 (iPhone16,2; iOS 18_1_1; en_US; en; scale=3.00; 1290x2796; 657548132)",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 270.0.0.13.83 (iPhone10,4; iOS 15_7; es_US; es; scale=2.00; 750x1334; 445462114)",
  "Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 Instagram 307.0.0.34.111 Android (33/13; 480dpi; 1080x2220; samsung; SM-G991B; o1s; exynos2100; en_US; 531997937)",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A.240405.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 Instagram 327.0.0.38.120 Android (34/14; 420dpi; 1080x2400; Google/google; Pixel 8; shiba; shiba; en_US; 589204271)",
  "Mozilla/5.0 (Linux; Android 12; moto g(50) 5G Build/S1RSS32.38-20-9-13; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.180 Mobile Safari/537.36 Instagram 333.0.0.42.91 Android (31/12; 280dpi; 720x1462; motorola; moto g(50) 5G; saipan; mt6833; pt_BR; 604247853)",
  "Mozilla/5.0 (Linux; Android 13; 23028RN4DI Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.66 Mobile Safari/537.36 Instagram 308.0.0.36.109 Android (33/13; 320dpi; 720x1460; Xiaomi/Redmi; 23028RN4DI; cloud; mt6765; en_IN; 534961943)",
];

// Facebook (FBAN/FBIOS, FB4A) and Messenger (MessengerForiOS, Orca-Android).
const facebook = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/21E236 [FBAN/FBIOS;FBAV/458.0.0.39.107;FBBV/591203939;FBDV/iPhone15,3;FBMD/iPhone;FBSN/iOS;FBSV/17.4.1;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/593046262]",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/20G75 [FBAN/FBIOS;FBAV/428.0.0.31.108;FBBV/512473329;FBDV/iPhone12,1;FBMD/iPhone;FBSN/iOS;FBSV/16.6;FBSS/2;FBID/phone;FBLC/en_US;FBOP/5;FBRV/514202540]",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22B91 [FBAN/FBIOS;FBAV/491.0.0.50.108;FBBV/670234151;FBDV/iPhone16,1;FBMD/iPhone;FBSN/iOS;FBSV/18.1.1;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/80]",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 15_7_9 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBDV/iPhone9,3;FBMD/iPhone;FBSN/iOS;FBSV/15.7.9;FBSS/2;FBID/phone;FBLC/en_US;FBOP/5;FBCR/]",
  "Mozilla/5.0 (Linux; Android 14; SM-S911B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/462.0.0.43.112;]",
  "Mozilla/5.0 (Linux; Android 13; SM-A536U Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.111 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/438.0.0.33.118;]",
  "Mozilla/5.0 (Linux; Android 12; Pixel 6a Build/SD2A.220601.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/110.0.5481.153 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/403.0.0.27.81;]",
  "Mozilla/5.0 (Linux; Android 11; Redmi Note 8 Pro Build/RP1A.200720.011; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.81 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/490.0.0.49.109;]",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_3_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/21D61 [FBAN/MessengerForiOS;FBAV/450.0.0.36.109;FBBV/564512312;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.3.1;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/5]",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 16_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 LightSpeed [FBAN/MessengerLiteForiOS;FBAV/410.0.0.23.86;FBBV/477357144;FBDV/iPhone14,7;FBMD/iPhone;FBSN/iOS;FBSV/16.2;FBSS/3;FBCR/;FBID/phone;FBLC/en-GB;FBOP/0]",
  "Mozilla/5.0 (Linux; Android 14; SM-G998B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/125.0.6422.147 Mobile Safari/537.36 [FB_IAB/Orca-Android;FBAV/455.0.0.42.107;]",
  "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/117.0.5938.153 Mobile Safari/537.36 [FB_IAB/Orca-Android;FBAV/427.0.0.29.112;]",
];

// TikTok (musical_ly on iOS, trill on Android) and Snapchat.
const tiktokSnapchat = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_34.1.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US isDarkMode/0 WKWebView/1 RevealType/Dialog BytedanceWebview/d8a21c6",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_30.8.0 JsSdk/2.0 NetType/4G Channel/App Store ByteLocale/en Region/US isDarkMode/1 WKWebView/1 BytedanceWebview/d8a21c6",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_37.5.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/es Region/MX isDarkMode/0 WKWebView/1 RevealType/Dialog BytedanceWebview/d8a21c6",
  "Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 trill_320405 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/32.4.5 ByteLocale/en ByteFullLocale/en Region/US Spark/1.4.6.3-bugfix AppVersion/32.4.5 BytedanceWebview/d8a21c6",
  "Mozilla/5.0 (Linux; Android 10; SM-G973F Build/QQ3A.200805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/85.0.4183.101 Mobile Safari/537.36 trill_2021806060 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/18.6.6 ByteLocale/fr ByteFullLocale/fr Region/FR",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8 Pro Build/AP2A.240605.024; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.71 Mobile Safari/537.36 trill_350302 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/35.3.2 ByteLocale/en ByteFullLocale/en-US Region/US BytedanceWebview/d8a21c6",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Snapchat/12.62.0.36 (like Safari/8617.2.4.10.8, panda)",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 16_2_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.2 Mobile/15E148 Snapchat/12.13.0.31 (like Safari/8614.3.7.1.5, panda)",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Snapchat/13.20.0.43 (like Safari/8620.1.16.10.11, panda)",
  "Mozilla/5.0 (Linux; Android 11; RMX2001 Build/RP1A.200720.011; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.179 Mobile Safari/537.36 Snapchat/12.87.0.44 (RMX2001; Android 11#1647528410731#30; gzip; )",
  "Mozilla/5.0 (Linux; Android 13; I2011 Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/125.0.6422.54 Mobile Safari/537.36 Snapchat/12.89.0.40 (I2011; Android 13#eng.compil.20240430.095616#33; gzip; )",
];

// Gmail and Outlook open links in the system browser view (SFSafariViewController, Custom Tabs) or a WebView, and
// fetch open pixels with their own agents; Apple Mail and desktop Outlook load images as the person reads.
const mailApps = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
  "Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/322.0.648915268 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 16_7_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/300.0.598994205 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; SM-S921B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.122 Mobile Safari/537.36",
  "Mozilla/5.0 (Linux; Android 13; Pixel 7a Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36",
  "Mozilla/5.0 (Linux; Android 12; SM-A127F Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/114.0.5735.196 Mobile Safari/537.36",
  "Outlook-iOS/709.2189947.prod.iphone (3.24.0)",
  "Outlook-iOS/723.4027091.prod.iphone (4.2413.0)",
  // isbot takes a bare "Name/version" for a script: the one browser-side agent here it flags.
  "Outlook-Android/2.0",
  "Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17126; Pro)",
  "Microsoft Office/16.0 (Microsoft Outlook Mail 16.0.8008; Pro)",
  "Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 10.0; WOW64; Trident/7.0; .NET4.0C; .NET4.0E; Microsoft Outlook 16.0.5422; ms-office; MSOffice 16)",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:115.0) Gecko/20100101 Thunderbird/115.6.0",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:128.0) Gecko/20100101 Thunderbird/128.3.1",
];

// Other apps with their own in-app browser.
const otherApps = [
  "Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/125.0.6422.165 Mobile Safari/537.36 Telegram-Android/10.13.2 (Samsung SM-S918B; Android 14; SDK 34; HIGH)",
  "Mozilla/5.0 (Linux; Android 13; Pixel 6 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/121.0.6167.178 Mobile Safari/537.36 Telegram-Android/10.8.1 (Google Pixel 6; Android 13; SDK 33; HIGH)",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.29.6340",
  "Mozilla/5.0 (Linux; Android 13; SM-G990B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [LinkedInApp]/4.1.913",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [Pinterest/iOS]",
  "Mozilla/5.0 (Linux; Android 14; SM-A546B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 [Pinterest/Android]",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.21.0",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/en",
  "Mozilla/5.0 (Linux; Android 13; SM-A715F Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 Viber/21.6.0.0",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A.240505.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/125.0.6422.113 Mobile Safari/537.36 KAKAOTALK 10.7.2",
];

/** Browsers and apps a person clicks or reads in: at most 0.5% of them may be flagged. */
export const BROWSER_AGENTS: readonly string[] = [
  ...safariIphone,
  ...safariOther,
  ...chromeAndroid,
  ...samsungInternet,
  ...firefox,
  ...chromeIos,
  ...edge,
  ...desktop,
  ...instagram,
  ...facebook,
  ...tiktokSnapchat,
  ...mailApps,
  ...otherApps,
];
