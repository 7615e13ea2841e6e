import type { SenderEmailGroup } from "@leadflow/contracts";

/** The group's from names, each once (several mailboxes often send as one name), in the order of the rows. */
export function fromNames(group: Pick<SenderEmailGroup, "usernames">): string[] {
  return [...new Set(group.usernames.map((u) => u.from_name))];
}

export const userNames = (group: Pick<SenderEmailGroup, "usernames">): string[] => group.usernames.map((u) => u.user_name);
