import type { Database } from "@leadflow/db";

/*
 * What a dispatcher knows of the suppression list without asking it. Every write of the list (`suppress`) notifies
 * SUPPRESSIONS_CHANNEL in its own transaction — PostgreSQL delivers the notice when, and only if, the write commits,
 * to every listener in every process, in commit order. A batch's claim read the list (its gate); before the claim the
 * dispatcher takes a stamp here, and right before each call asks whether a suppression arrived since that stamp for
 * the message's address. Nothing arrived → the claim's read still stands and the call goes without a query.
 *
 * The window between a STOP's commit and its notice being handled here: PostgreSQL signals the listening connection
 * as the STOP's transaction commits, before the STOP's own client hears the commit, and the notice is handled at the
 * dispatcher's next turn of its event loop — so a call that starts after the notice was handled is held back, and one
 * that starts between the commit and that turn is one the STOP's webhook has not answered yet either (it still has its
 * commit's answer and its HTTP answer to send). The per-round query this replaces had the same kind of window and a
 * wider one: from its snapshot until its result came back and the call started. In one process (PGlite) the notice is
 * handled before the STOP's commit returns to its caller.
 *
 * A notice can only be missed if the listening connection is lost (PostgreSQL keeps no notice for a listener that is
 * gone). The watch pings itself through the same channel: pings come back in order, so a missing one means the
 * listener may have missed notices, and a stall of TRUST_MS means it may be gone. Either way every stamp taken before
 * is no longer trusted and the calls fall back to reading the list (`SuppressionCheck`) until the pings are back.
 */

export const SUPPRESSIONS_CHANNEL = "leadflow_suppressions";
/**
 * A notice (`suppress`) is its team id, then one `channel|address` a line; a write whose addresses would take more
 * than this many bytes names only its team, and the checks of that team's messages read the list.
 */
export const MAX_NOTICE_BYTES = 7_000;
const PING_MS = 200;
/** Without a ping back for this long, the listener may be gone: nothing is trusted until the pings return. */
const TRUST_MS = 1_000;
/** How long an acquire waits for the first ping back before the dispatcher starts (reading the list meanwhile). */
const READY_MS = 2_000;
/** Addresses remembered at most; past it the memory starts afresh and older stamps are not trusted. */
const MAX_KEYS = 100_000;

type Channel = Pick<Database, "listen" | "notify">;

const keyOf = (teamId: number, channel: string, address: string) => `${teamId}|${channel}|${address}`;

export class SuppressionWatch {
  private readonly id = Math.random().toString(36).slice(2);
  /** Counts every notice handled; stamps are values of it. */
  private seq = 0;
  /** The notice (its seq) that named each address. */
  private readonly keyAt = new Map<string, number>();
  /** The last notice naming only a team (its addresses not listed). */
  private readonly teamAt = new Map<number, number>();
  /** Stamps below this are not trusted (the listener may have missed notices, or had not started). */
  private trustFrom = Number.POSITIVE_INFINITY;
  private lastEchoAt = 0;
  private lastEcho = 0;
  private sent = 0;
  private users = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private opening: Promise<void> | null = null;
  private readyWaiters: (() => void)[] = [];

  constructor(private readonly channel: Channel) {}

  /** Starts watching (shared by the process's dispatchers); resolves once trusted or after READY_MS. Answers the release. */
  async acquire(): Promise<() => Promise<void>> {
    this.users++;
    const ready = this.trusted() ? Promise.resolve() : new Promise<void>((r) => void this.readyWaiters.push(r));
    this.opening ??= this.open();
    try {
      await this.opening;
      await Promise.race([ready, new Promise((r) => setTimeout(r, READY_MS).unref?.())]);
    } catch {
      // Not listening: every check reads the list.
    }
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      if (--this.users === 0) await this.close();
    };
  }

  /** Taken before a read of the list (the claim): the checks of what that read passed ask what arrived since. */
  stamp(): number {
    return this.seq;
  }

  /**
   * Whether a suppression of the address arrived since `since`: true (hold it back), false (the read at `since` still
   * stands), or null — not known here, read the list.
   */
  verdict(teamId: number, channel: string, address: string, since: number): boolean | null {
    if (since < this.trustFrom || !this.trusted()) return null;
    if ((this.keyAt.get(keyOf(teamId, channel, address)) ?? -1) > since) return true;
    if ((this.teamAt.get(teamId) ?? -1) > since) return null;
    return false;
  }

  private trusted(): boolean {
    return this.lastEchoAt > 0 && Date.now() - this.lastEchoAt <= TRUST_MS;
  }

  private distrust(): void {
    this.trustFrom = ++this.seq;
  }

  private async open(): Promise<void> {
    this.unlisten = await this.channel.listen(SUPPRESSIONS_CHANNEL, (payload) => this.heard(payload));
    this.timer = setInterval(() => void this.ping(), PING_MS);
    this.timer.unref?.();
    await this.ping();
  }

  private async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const unlisten = this.unlisten;
    this.unlisten = null;
    this.opening = null;
    this.lastEchoAt = 0;
    this.distrust();
    await unlisten?.().catch(() => undefined);
  }

  private async ping(): Promise<void> {
    const n = ++this.sent;
    // A ping that fails never comes back: the next one back shows the gap, and nothing before it is trusted.
    await this.channel.notify(SUPPRESSIONS_CHANNEL, `ping ${this.id} ${n}`).catch(() => undefined);
  }

  private heard(payload: string): void {
    if (payload.startsWith("ping ")) {
      const [, id, n] = payload.split(" ");
      if (id !== this.id) return;
      const echo = Number(n);
      const stalled = this.lastEchoAt > 0 && Date.now() - this.lastEchoAt > TRUST_MS;
      // The first ping back starts the trust; a missed one or a stall restarts it: notices may have been missed.
      if (this.lastEchoAt === 0 || echo !== this.lastEcho + 1 || stalled) this.distrust();
      this.lastEcho = echo;
      this.lastEchoAt = Date.now();
      for (const r of this.readyWaiters.splice(0)) r();
      return;
    }
    const [team, ...keys] = payload.split("\n");
    const teamId = Number(team);
    if (!Number.isInteger(teamId)) return;
    const at = ++this.seq;
    if (keys.length === 0) this.teamAt.set(teamId, at);
    if (this.keyAt.size + keys.length > MAX_KEYS) {
      this.keyAt.clear();
      this.distrust();
    }
    for (const k of keys) this.keyAt.set(`${teamId}|${k}`, at);
  }
}

const watches = new WeakMap<Channel, SuppressionWatch>();

/** The process's one watch over a database: its dispatchers share its listener and its pings. */
export function suppressionWatchOf(database: Channel): SuppressionWatch {
  let w = watches.get(database);
  if (!w) {
    w = new SuppressionWatch(database);
    watches.set(database, w);
  }
  return w;
}
