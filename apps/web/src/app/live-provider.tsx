import { type LiveEventName, LiveEvents, userChannel } from "@leadflow/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type ReactNode, useEffect } from "react";
import type { LoggedAccount } from "../lib/accounts";
import { useAppConfig } from "../lib/app-config";
import { emitLiveEvent, useLiveEvent } from "../lib/live";

const eventNames = Object.keys(LiveEvents) as LiveEventName[];

/**
 * One Pusher-protocol connection per open account, to the same origin (`/app/{key}`), subscribed to the
 * account's private channel. pusher-js loads lazily so it never weighs on the first paint.
 */
export function LiveProvider({ account, children }: { account: LoggedAccount; children: ReactNode }) {
  const config = useAppConfig();
  const live = config.data?.live;
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!live) return;
    let disposed = false;
    let disconnect: (() => void) | undefined;
    void import("pusher-js").then(({ default: Pusher }) => {
      if (disposed) return;
      const https = window.location.protocol === "https:";
      const port = Number(window.location.port) || (https ? 443 : 80);
      // pusher-js appends `/app/{key}` itself; whatever precedes it in the configured path is the wsPath.
      const wsPath = live.path.replace(/\/app\/[^/]*\/?$/, "");
      const pusher = new Pusher(live.key, {
        cluster: "",
        wsHost: window.location.hostname,
        wsPort: port,
        wssPort: port,
        wsPath,
        forceTLS: https,
        enabledTransports: ["ws", "wss"],
        disableStats: true,
        channelAuthorization: {
          endpoint: "/api/broadcasting/auth",
          transport: "ajax",
          headers: { Authorization: `Bearer ${account.token}`, Accept: "application/json" },
        },
      });
      const channel = pusher.subscribe(userChannel(account.id));
      // An event published before the channel was subscribed (the page's first fetch and the socket race) or while
      // the socket was down reaches no one: each (re)subscription refetches what the screen shows, so nothing missed
      // stays missed.
      channel.bind("pusher:subscription_succeeded", () => {
        void queryClient.invalidateQueries({ refetchType: "active" });
      });
      for (const name of eventNames) {
        channel.bind(name, (payload: unknown) => {
          const parsed = LiveEvents[name].safeParse(payload);
          if (parsed.success) emitLiveEvent(name, parsed.data as never);
        });
      }
      disconnect = () => pusher.disconnect();
    });
    return () => {
      disposed = true;
      disconnect?.();
    };
  }, [live, account.id, account.token, queryClient]);

  useLiveEvent("UserMessage", (m) => {
    enqueueSnackbar(m.message, {
      variant: m.level === "error" ? "error" : m.level === "warning" ? "warning" : m.level === "success" ? "success" : "info",
    });
  });

  return <>{children}</>;
}
