/*
 * An email's HTML as the body viewer shows it: the message as sent, with a style of the viewer's own put first so a
 * long unbroken text (an unsubscribe URL, a tracking link) wraps inside the frame instead of running off its right
 * edge, and wide images shrink to it. The frame stays sandboxed: no script of the email runs.
 */

const VIEWER_STYLE =
  "<style>html,body{margin:0;padding:8px;overflow-wrap:anywhere;word-break:break-word}" +
  "img,table{max-width:100%!important}pre{white-space:pre-wrap}</style>";

/** The document for the viewer's frame: the style inside `<head>` when the email has one, else before it. */
export function viewerDocument(html: string): string {
  const head = /<head[^>]*>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + VIEWER_STYLE + html.slice(head.index + head[0].length);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  if (doctype) return doctype[0] + VIEWER_STYLE + html.slice(doctype[0].length);
  return VIEWER_STYLE + html;
}
