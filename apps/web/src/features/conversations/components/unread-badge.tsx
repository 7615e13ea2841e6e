import { Badge } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { conversationUnreadQuery } from "../api/conversations.api";
import { useConversationLive } from "./use-conversation-live";

/** The main menu's Conversations icon with the number of open threads that have unread replies, live. */
export function ConversationsUnreadBadge({ children }: { children: ReactNode }) {
  useConversationLive();
  const unread = useQuery({ ...conversationUnreadQuery(), refetchInterval: 60_000 });
  const threads = unread.data?.threads ?? 0;
  return (
    <Badge
      badgeContent={threads}
      max={99}
      color="error"
      invisible={threads === 0}
      slotProps={{ badge: { "aria-label": `${threads} unread conversations` } as never }}
      data-testid="conversations-unread"
    >
      {children}
    </Badge>
  );
}
