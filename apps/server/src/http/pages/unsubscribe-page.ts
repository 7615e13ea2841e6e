import type { UnsubscribeLink } from "@leadflow/domain";

/*
 * The unsubscribe link's page: server-rendered, no script, no outside resources, so it works in any browser and in
 * mail clients' in-app views. GET asks (a form that posts back to the same signed URL); POST says it is done.
 */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `j•••@example.com`: enough for the reader to know the address, not enough to harvest it from a shared link. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${address[0]}•••${address.slice(at)}`;
}

interface Page {
  status: number;
  title: string;
  text: string;
  /** The confirm button's form target (the signed URL itself). */
  confirm?: string;
}

/** What the page says for a link and whether it was just posted. */
export function unsubscribePage(link: UnsubscribeLink, action: string, posted: boolean): Page {
  switch (link.kind) {
    case "unknown":
      return {
        status: 404,
        title: "This unsubscribe link is not valid",
        text: "It may have been copied incompletely. Please use the link in the email itself.",
      };
    case "forged":
      return {
        status: 403,
        title: "This unsubscribe link is not valid",
        text: "Its signature does not match. Please use the link in the email itself.",
      };
    case "test":
      return {
        status: 200,
        title: "This was a test email",
        text: "It was sent to check delivery and is not part of a mailing list: there is nothing to unsubscribe from.",
      };
    case "valid": {
      const who = maskAddress(link.address);
      if (posted) return { status: 200, title: "You have been unsubscribed", text: `${who} will not receive these emails any more.` };
      if (link.unsubscribed) return { status: 200, title: "You are unsubscribed", text: `${who} does not receive these emails any more.` };
      return { status: 200, title: "Unsubscribe from these emails?", text: `Emails to ${who} will stop.`, confirm: action };
    }
  }
}

export function renderPage(page: Page): string {
  const button = page.confirm
    ? `<form method="post" action="${escapeHtml(page.confirm)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`
    : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f6f8;color:#1d2939}
main{max-width:420px;margin:12vh auto;padding:32px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(16,24,40,.1)}
h1{font-size:20px;margin:0 0 12px}p{margin:0 0 20px;line-height:1.5;color:#475467}
button{font:inherit;font-weight:600;padding:10px 20px;border:0;border-radius:8px;background:#d92d20;color:#fff;cursor:pointer}
</style>
</head>
<body><main><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.text)}</p>${button}</main></body>
</html>
`;
}
