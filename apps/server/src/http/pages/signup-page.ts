import type { PublicForm } from "@leadflow/domain";

/*
 * A hosted sign-up form's page (docs/opt-in.md): server-rendered, no script and no outside resources, mobile first.
 * It shows the form alone — the brand, its title, description, fields and consent text — and, after a post, either
 * the same form with what to fix, or the success message.
 */

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface SignupPageState {
  token: string;
  values?: Record<string, string | undefined>;
  errors?: Record<string, string>;
  done?: { pending: boolean };
}

const field = (name: string, label: string, type: string, value: string, error: string | undefined, required: boolean, extra = "") =>
  `<label for="${name}">${esc(label)}${required ? "" : ' <span class="opt">(optional)</span>'}</label>
<input id="${name}" name="${name}" type="${type}" value="${esc(value)}"${required ? " required" : ""}${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ""} ${extra}>
${error ? `<p class="err" id="${name}-error">${esc(error)}</p>` : ""}`;

export function renderSignupPage(form: PublicForm, state: SignupPageState): string {
  const v = state.values ?? {};
  const e = state.errors ?? {};
  const body = state.done
    ? `<div class="done" role="status"><h1>${esc(form.successMessage)}</h1>${
        state.done.pending ? "<p>We just texted you. <strong>Reply YES</strong> to confirm your subscription.</p>" : ""
      }</div>`
    : `<h1>${esc(form.title)}</h1>${form.description ? `<p class="desc">${esc(form.description)}</p>` : ""}
${Object.keys(e).length ? '<p class="err-top" role="alert">Please correct the highlighted fields.</p>' : ""}
<form method="post" novalidate>
<input type="hidden" name="token" value="${esc(state.token)}">
${field("phone", "Mobile number", "tel", v.phone ?? "", e.phone, true, 'autocomplete="tel" inputmode="tel"')}
${form.fields
  .map((f) =>
    field(
      `f${f.attribute_id}`,
      f.label,
      f.type === "email" ? "email" : "text",
      v[`f${f.attribute_id}`] ?? "",
      e[`f${f.attribute_id}`],
      f.required,
      f.type === "email" ? 'autocomplete="email"' : "",
    ),
  )
  .join("\n")}
<div class="hp" aria-hidden="true"><label for="website">Website</label><input id="website" name="website" tabindex="-1" autocomplete="off"></div>
<button type="submit">Sign up</button>
<p class="consent">${esc(form.consentText)}</p>
</form>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(form.title)} · ${esc(form.brand)}</title>
<style>
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f6f8;color:#1d2939;font-size:16px}
header{padding:16px 20px;font-weight:700;font-size:18px;color:#1976d2;text-align:center}
main{max-width:440px;margin:0 auto 32px;padding:24px 20px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(16,24,40,.1)}
@media (max-width:480px){main{border-radius:0;box-shadow:none;margin:0;min-height:calc(100vh - 56px)}}
h1{font-size:22px;margin:0 0 8px;line-height:1.3}.desc{margin:0 0 20px;color:#475467;line-height:1.5}
label{display:block;font-weight:600;font-size:14px;margin:16px 0 6px}.opt{font-weight:400;color:#667085}
input{width:100%;font:inherit;padding:12px 14px;border:1px solid #d0d5dd;border-radius:8px;background:#fff}
input:focus{outline:2px solid #1976d2;border-color:#1976d2}input[aria-invalid]{border-color:#d92d20}
.err{color:#d92d20;font-size:14px;margin:6px 0 0}.err-top{color:#d92d20;background:#fef3f2;padding:10px 12px;border-radius:8px;margin:0 0 8px}
button{width:100%;margin-top:24px;font:inherit;font-weight:600;padding:14px 20px;border:0;border-radius:8px;background:#1976d2;color:#fff;cursor:pointer}
.consent{font-size:12px;color:#667085;line-height:1.5;margin:16px 0 0}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.done{text-align:center;padding:24px 0}.done p{color:#475467;line-height:1.5}
</style>
</head>
<body><header>${esc(form.brand)}</header><main>
${body}
</main></body>
</html>
`;
}

/** A form that does not exist, is switched off, or is another team's on this host: nothing about any team. */
export const signupNotFoundPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>Form not found</title><style>body{margin:0;font-family:system-ui,sans-serif;background:#f5f6f8;color:#1d2939}
main{max-width:420px;margin:12vh auto;padding:32px;background:#fff;border-radius:12px}h1{font-size:20px;margin:0 0 12px}p{color:#475467}</style></head>
<body><main><h1>This form is not available</h1><p>It may have been switched off. Please check the link.</p></main></body></html>
`;
