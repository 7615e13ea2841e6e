import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-page";

/** The inbox, and a thread open in it (the same page: the list stays beside the thread on wide screens). */
export const conversationsRoutes: RouteObject[] = [
  { path: "conversations", ...lazyPage(() => import("./pages/conversations-page"), "ConversationsPage") },
  { path: "conversations/:conversationId", ...lazyPage(() => import("./pages/conversations-page"), "ConversationsPage") },
];
