import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * F15's window between the provider's accept and our commit: each worker process talks to the fakes through a proxy
 * of its own (its providers' base URL), which forwards by path — SES's API to the fake SES, everything else to the
 * fake Twilio — and passes the answers back. Armed, the proxy lets the next send the provider accepted reach it and
 * then kills the worker before the answer does: the message exists at the provider, the ledger still says
 * `submitting`. The proxy knows its worker (one proxy per worker slot), which the fakes cannot.
 */

/** Paths of the calls that create a message (Twilio Messages.create, SES SendEmail). */
const SEND_PATH = /\/Messages\.json$|\/v2\/email\/outbound-emails$/;
const SES_PATH = /^\/v2\/email\//;

export interface ChaosProxy {
  url: string;
  /**
   * The next send the provider accepts through this proxy calls `kill` before its answer is passed on; when `kill`
   * answers true (it killed the worker) the answer is dropped and the proxy disarms. Several proxies can share one
   * `kill` that fires once: the first worker whose send is accepted dies.
   */
  arm(kill: () => boolean): void;
  disarm(): void;
  close(): Promise<void>;
}

export async function startChaosProxy(targets: { twilio: string; ses: string }): Promise<ChaosProxy> {
  let onAccept: (() => boolean) | null = null;
  const twilio = new URL(targets.twilio);
  const ses = new URL(targets.ses);

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? "/";
    const to = SES_PATH.test(path) ? ses : twilio;
    // The Host header travels unchanged: SES's SigV4 signature covers it.
    const upstream = request({ host: to.hostname, port: to.port, method: req.method, path, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (c: Buffer) => chunks.push(c));
      answer.on("end", () => {
        const status = answer.statusCode ?? 502;
        const accepted = status >= 200 && status < 300 && req.method === "POST" && SEND_PATH.test(path);
        if (accepted && onAccept?.()) {
          onAccept = null;
          res.destroy();
          return;
        }
        res.writeHead(status, answer.headers);
        res.end(Buffer.concat(chunks));
      });
      answer.on("error", () => res.destroy());
    });
    // A reset at the provider is a reset here; a worker that gave up (its timeout) or died gives up upstream.
    upstream.on("error", () => res.destroy());
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  };

  const server = createServer(forward);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arm(kill) {
      onAccept = kill;
    },
    disarm() {
      onAccept = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
