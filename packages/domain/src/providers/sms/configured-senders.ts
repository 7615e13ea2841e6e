import type { GatewaySender } from "@leadflow/contracts";
import type { SenderOption } from "../send-types";

/**
 * The gateway's configured numbers (or alphanumeric sender ids) as senders, for providers whose API lists none;
 * `named` labels a row that has a name "Name (number)". Rows without a number are left out.
 */
export function configuredNumbers(rows: readonly GatewaySender[] | undefined, named = false): SenderOption[] {
  return (rows ?? []).flatMap((n) =>
    n.number ? [{ kind: "number" as const, key: n.number, label: named && n.name ? `${n.name} (${n.number})` : n.number }] : [],
  );
}
