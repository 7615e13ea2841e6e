import { type FakeControls, type FakeRequest, type FakeServerOptions, param, startFakeServer } from "./fake-server";

/*
 * EmailOversight on loopback: /api/emailvalidation by POST (header ApiToken, JSON { ListId, Email }) or GET
 * (?apitoken=&listid=&email=), answering { ListId, Email, ResultId, Result }. A wrong token is 401 with ASP.NET's
 * { Message }; a list the token does not own is 400 { Message: "ListId is invalid" }.
 *
 * Default answers by the address: no "@" Malformed; local part with "invalid" Undeliverable, "catchall"
 * CatchAll, "role" Role Or Distribution Group, "trap" SpamTrap, "unknown" Unknown; domain mailinator.com
 * Disposable; else Verified. ResultIds follow the inferred list in docs/providers.md (Disposable's is made up).
 */

export interface FakeOversightOptions extends FakeServerOptions {
  apiToken?: string;
  listId?: string;
}

export interface FakeOversight extends FakeControls {
  apiToken: string;
  listId: string;
  baseUrls: { oversight: string };
  setAnswer(email: string, result: string, resultId?: number): void;
}

function resultFor(email: string): [number, string] {
  const at = email.lastIndexOf("@");
  if (at < 1) return [5, "Malformed"];
  const local = email.slice(0, at).toLowerCase();
  if (local.includes("invalid")) return [2, "Undeliverable"];
  if (local.includes("catchall")) return [3, "CatchAll"];
  if (local.includes("role")) return [4, "Role Or Distribution Group"];
  if (local.includes("trap")) return [6, "SpamTrap"];
  if (local.includes("unknown")) return [10, "Unknown"];
  if (email.slice(at + 1).toLowerCase() === "mailinator.com") return [12, "Disposable"];
  return [1, "Verified"];
}

const field = (req: FakeRequest, json: string, query: string) => param(req, json) ?? param(req, query);

export async function startFakeOversight(opts: FakeOversightOptions = {}): Promise<FakeOversight> {
  const apiToken = opts.apiToken ?? "00000000-fake-0000-0000-000000000000";
  const listId = opts.listId ?? "25";
  const answers = new Map<string, [number, string]>();
  const server = await startFakeServer(
    {
      valueOf: (req) => field(req, "Email", "email"),
      errorBody: (status) => ({ Message: status === 429 ? "Rate limit exceeded." : "An error has occurred." }),
      handle(req) {
        if (req.url.pathname.toLowerCase() !== "/api/emailvalidation")
          return { status: 404, body: { Message: "No HTTP resource was found." } };
        const token = (req.headers.apitoken as string | undefined) ?? param(req, "apitoken");
        if (token !== apiToken) return { status: 401, body: { Message: "Authorization has been denied for this request." } };
        if (field(req, "ListId", "listid") !== listId) return { status: 400, body: { Message: "ListId is invalid" } };
        const email = field(req, "Email", "email") ?? "";
        const [id, result] = answers.get(email) ?? resultFor(email);
        return { status: 200, body: { ListId: Number(listId), Email: email, ResultId: id, Result: result } };
      },
    },
    opts,
  );
  return {
    ...server,
    apiToken,
    listId,
    baseUrls: { oversight: server.url },
    setAnswer: (email, result, resultId = 0) => answers.set(email, [resultId, result]),
  };
}
