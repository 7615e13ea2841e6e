import type { Db } from "@leadflow/db";
import type { HoldKind } from "../../../billing";
import type { DbOrTx } from "../../../shared/rows";
import type { OutboundKind } from "../../gate/rules";

/*
 * The lane's shapes (lane.ts): a kind of lane message and what a send wrote. They stand apart from the lane's run so
 * the kinds (lane-answers.ts, lane-welcomes.ts, …) and the hand-over (lane-hand-over.ts) name them without importing
 * the run that imports them.
 */

/** A message taken for sending: committed `submitting`. */
export interface LaneMessage {
  kind: OutboundKind;
  id: number;
  team_id: number;
  /** The phone or address it goes to. */
  to: string;
  /** The number, provider-side pool or address it leaves from. */
  from: string;
  sender_kind: "number" | "pool";
  body: string;
  subject?: string | null;
  from_name?: string | null;
  reply_to?: string | null;
  unsubscribe_url?: string | null;
  /** When its sending window closes (ISO); null: no window. */
  not_after?: string | null;
  /** A welcome's lead, whose values fill its text (`render`). */
  lead_id?: number;
}

/** What a send wrote on the row. `planned`: not taken, sent by a later run. */
export interface LaneOutcome {
  state: "planned" | "accepted" | "rejected" | "unknown";
  providerId: string | null;
  /** What it cost when it was (or may have been) sent; null otherwise. */
  cost: number | null;
  body: string;
  error: string | null;
}

/** One kind of lane message: its table's statements. */
export interface LaneKind {
  /** Its money on a platform gateway: its own hold, keyed by the row's id. */
  hold: HoldKind;
  /** The provider's message reference and the idempotency key are `${prefix}-${id}`. */
  prefix: string;
  /** Its table, its state column and its error column (a take-over moves its rows: lane-hand-over.ts). */
  ledger: { table: string; state: string; error: string };
  /**
   * Takes up to `limit` due rows of the gateway FOR UPDATE SKIP LOCKED and marks them `submitting`, in the caller's
   * transaction (which restarts the kind's mark); rows the gate stops first (a suppressed phone, a lead without
   * consent, a closed window) are refused or deferred with why.
   */
  take(tx: DbOrTx, gatewayId: number, limit: number): Promise<LaneMessage[]>;
  /** The taken messages' final text, once the take is committed (welcomes fill theirs for their leads). */
  render?(db: Db, taken: LaneMessage[]): Promise<LaneMessage[]>;
  /** Writes the outcome on the row if it is still `submitting`; answers whether it was. */
  record(tx: DbOrTx, m: LaneMessage, outcome: LaneOutcome): Promise<boolean>;
  /** Rows left `submitting` longer than `minutes` become `unknown`; answers them. */
  closeStale(tx: DbOrTx, minutes: number): Promise<{ id: number; team_id: number }[]>;
}
