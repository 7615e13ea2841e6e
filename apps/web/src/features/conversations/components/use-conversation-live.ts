import { useQueryClient } from "@tanstack/react-query";
import { useLiveEvent } from "../../../lib/live";
import { conversationKeys } from "../api/conversations.api";

/** A thread moved somewhere in the team (a reply came, one was sent, read, assigned, closed): the inbox refreshes. */
export function useConversationLive(): void {
  const qc = useQueryClient();
  useLiveEvent("ConversationActivity", () => {
    void qc.invalidateQueries({ queryKey: conversationKeys.all });
  });
}
