import type { ThreadItem, ThreadItemStatus } from "@leadflow/contracts";
import { Box, Chip, Stack, Tooltip, Typography } from "@mui/material";
import { dataKey, useT } from "../../../lib/i18n";
import { fullTime } from "../model/thread-time";

const chipColor: Record<ThreadItemStatus, "default" | "success" | "error" | "warning" | "info"> = {
  queued: "default",
  held: "warning",
  sending: "info",
  sent: "default",
  delivered: "success",
  failed: "error",
  maybe_sent: "warning",
  received: "default",
};

/** One message of a thread: theirs on the left, ours on the right, an opt-out as a line across. */
export function ThreadItemView({ item }: { item: ThreadItem }) {
  const t = useT();
  if (item.direction === "system")
    return (
      <Box sx={{ textAlign: "center", my: 1.5 }} data-testid="thread-system">
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ px: 1.5, py: 0.5, borderRadius: 2, bgcolor: "action.hover", display: "inline-block" }}
        >
          {item.body} · {fullTime(item.at)}
        </Typography>
      </Box>
    );
  const ours = item.direction === "out";
  const showChip = ours && item.status !== null;
  return (
    <Stack sx={{ alignItems: ours ? "flex-end" : "flex-start", my: 0.75 }} data-testid={ours ? "thread-out" : "thread-in"}>
      <Box
        sx={{
          maxWidth: { xs: "85%", md: "70%" },
          px: 1.5,
          py: 1,
          borderRadius: 2.5,
          borderBottomRightRadius: ours ? 4 : undefined,
          borderBottomLeftRadius: ours ? undefined : 4,
          bgcolor: ours ? (item.kind === "reply" ? "primary.main" : "primary.light") : "background.paper",
          border: ours ? 0 : 1,
          borderColor: "divider",
          color: ours ? "primary.contrastText" : "text.primary",
          whiteSpace: "pre-wrap",
          overflowWrap: "anywhere",
          fontSize: "0.92rem",
        }}
      >
        {item.body}
      </Box>
      <Stack
        direction="row"
        sx={{ gap: 0.75, alignItems: "center", mt: 0.25, flexWrap: "wrap", justifyContent: ours ? "flex-end" : "flex-start" }}
      >
        <Typography variant="caption" color="text.secondary">
          {[
            item.user_name,
            item.origin && item.kind !== "reply" ? t("conversations.via", { origin: item.origin }) : null,
            fullTime(item.at),
          ]
            .filter(Boolean)
            .join(" · ")}
        </Typography>
        {showChip && item.status && (
          <Tooltip title={item.detail ?? ""} disableHoverListener={!item.detail}>
            <Chip
              size="small"
              label={t(dataKey("conversations.status", item.status))}
              color={chipColor[item.status]}
              variant="outlined"
              sx={{ height: 20, fontSize: 11 }}
              data-testid="thread-status"
            />
          </Tooltip>
        )}
      </Stack>
      {ours && (item.status === "held" || item.status === "failed" || item.status === "maybe_sent") && item.detail && (
        <Typography
          variant="caption"
          color={item.status === "failed" ? "error" : "warning.dark"}
          sx={{ maxWidth: { xs: "85%", md: "70%" }, textAlign: "right" }}
        >
          {item.detail}
          {item.due_at ? ` ${t("conversations.heldUntil", { time: fullTime(item.due_at) })}` : ""}
        </Typography>
      )}
    </Stack>
  );
}
