/*
 * An email's From as the ledger keeps it (`campaign_messages.sender`): the mailbox as it was sent, `"Name" <address>`
 * (RFC 5322), or the bare address without a name. The render decides it per message (a sender group's usernames take
 * turns and carry their own names), so the logs read it back from here rather than from the step's settings.
 */

export interface Mailbox {
  address: string;
  name: string | null;
}

/** `"Ann \"A\" Lee" <ann@x.com>`; the bare address when there is no name. */
export function formatMailbox(address: string, name: string | null): string {
  if (!name?.trim()) return address;
  return `"${name.trim().replace(/["\\]/g, (c) => `\\${c}`)}" <${address}>`;
}

/** The address and name of a stored From; a bare address has no name. */
export function parseMailbox(value: string | null): Mailbox | null {
  if (!value) return null;
  const m = /^"((?:[^"\\]|\\.)*)"\s*<([^<>]+)>$/.exec(value.trim());
  if (!m) return { address: value.trim(), name: null };
  return { address: m[2]!.trim(), name: m[1]!.replace(/\\(.)/g, "$1") || null };
}
