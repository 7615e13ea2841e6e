import type { HitReason } from "@leadflow/domain";

/*
 * The pages a short link answers when its rule names nowhere to go: small, self-contained HTML in the app's look
 * (its background, card, ink and primary colour), with the sending team's name at the top so the person knows who
 * the link was from, a line on what happened, and a way on — the address the domain's bare host leads to — rather
 * than a dead end. The status stays what crawlers and link checkers read: 410 for a link that is gone, 403 for one
 * filtered, 404 for one that never was.
 */

export interface LinkPage {
  status: number;
  title: string;
  text: string;
  /** The team's brand name, else its name; null on pages no team owns (an unknown code). */
  brand: string | null;
  /** Where the reader may go on (the domain's own address), or nothing. */
  next: string | null;
}

const REASON_PAGES: Partial<Record<HitReason, Pick<LinkPage, "status" | "title" | "text">>> = {
  expired: {
    status: 410,
    title: "This link has expired",
    text: "The link in your message was only valid for a while, and that time is over. Nothing is wrong with your phone or your connection.",
  },
  after_first_click: {
    status: 410,
    title: "This link has already been used",
    text: "This link opens once, and it has been opened before.",
  },
  desktop: {
    status: 403,
    title: "Please open this link on your phone",
    text: "This link works on the phone the message was sent to.",
  },
  state_filter: {
    status: 403,
    title: "This link is not available in your area",
    text: "The offer behind this link is limited to certain places.",
  },
};

/** The page of a link whose rule names nowhere: its reason's words, the team's name and the way on. */
export function reasonPage(reason: HitReason, brand: string, next: string | null): LinkPage {
  const page = REASON_PAGES[reason] ?? { status: 403, title: "This link is not available", text: "It cannot be opened here." };
  return { ...page, brand, next };
}

export const notFoundPage: LinkPage = {
  status: 404,
  title: "This link does not exist",
  text: "Check that the address was copied in full.",
  brand: null,
  next: null,
};

export const tooManyPage: LinkPage = {
  status: 429,
  title: "Too many requests",
  text: "Please try again in a moment.",
  brand: null,
  next: null,
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** Only http(s) addresses become a link (the domain's address is validated on save; this holds whatever it stored). */
const safeHref = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

/** The page's host name for the button: "Go to brand.com". */
function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, "");
  } catch {
    return url;
  }
}

const STYLE = `*{box-sizing:border-box}html,body{margin:0}body{min-height:100vh;display:flex;align-items:center;justify-content:center;
padding:24px;background:#f5f6fa;color:#111827;font:16px/1.5 Inter,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;
-webkit-font-smoothing:antialiased}main{width:100%;max-width:440px;background:#fff;border:1px solid #e4e7ee;border-radius:12px;padding:32px 28px;
text-align:center}.brand{margin:0 0 20px;font-size:.8125rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#5b6475;
overflow-wrap:anywhere}h1{margin:0 0 12px;font-size:1.375rem;font-weight:700;letter-spacing:-.2px;line-height:1.3}p.text{margin:0;color:#5b6475}
a.next{display:inline-block;margin-top:24px;padding:10px 18px;border-radius:8px;background:#4353e0;color:#fff;font-weight:600;
text-decoration:none;overflow-wrap:anywhere}a.next:hover{background:#2f3cc0}`;

export function renderLinkPage(page: LinkPage): string {
  const next = safeHref(page.next);
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(page.brand ? `${page.title} · ${page.brand}` : page.title)}</title>` +
    `<style>${STYLE}</style></head><body><main>` +
    (page.brand ? `<p class="brand">${escapeHtml(page.brand)}</p>` : "") +
    `<h1>${escapeHtml(page.title)}</h1><p class="text">${escapeHtml(page.text)}</p>` +
    (next ? `<a class="next" href="${escapeHtml(next)}" rel="noopener">Go to ${escapeHtml(hostOf(next))}</a>` : "") +
    `</main></body></html>`
  );
}
