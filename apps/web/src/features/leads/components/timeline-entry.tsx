import type { LeadLogEntry } from "@leadflow/contracts";
import ArrowForwardIcon from "@mui/icons-material/ArrowForward";
import { Box, Chip, Stack, Typography } from "@mui/material";
import { formatDateTime } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { type EntryLook, entryLook } from "../model/timeline";
import { ENTRY_ICONS, TimelineMessage } from "./timeline-message";

type Diff = LeadLogEntry["diff_log"][number];

const Value = ({ children, struck }: { children: string; struck?: boolean }) => (
  <Box
    component="span"
    sx={{
      px: 0.5,
      borderRadius: 0.5,
      bgcolor: struck ? "rgba(217,45,32,0.07)" : "rgba(18,161,80,0.08)",
      textDecoration: struck ? "line-through" : undefined,
      overflowWrap: "anywhere",
    }}
  >
    {children}
  </Box>
);

function DiffLine({ diff }: { diff: Diff }) {
  const t = useT();
  const { value_from: from, value_to: to } = diff;
  return (
    <Box component="li" sx={{ typography: "body2", py: 0.25 }}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {diff.lead_attribute_name}
      </Box>
      {diff.lead_attribute_value && diff.lead_attribute_value !== from && diff.lead_attribute_value !== to && (
        <Box component="span" sx={{ color: "text.secondary" }}>
          {" "}
          ({diff.lead_attribute_value})
        </Box>
      )}
      {": "}
      {from !== null && to !== null ? (
        <>
          <Value struck>{from}</Value>
          <ArrowForwardIcon
            sx={{ fontSize: 14, mx: 0.5, verticalAlign: "middle", color: "text.secondary" }}
            aria-label={t("leads.timeline.to")}
          />
          <Value>{to}</Value>
        </>
      ) : to !== null ? (
        <>
          {t("leads.timeline.set")} <Value>{to}</Value>
        </>
      ) : from !== null ? (
        <>
          {t("leads.timeline.removed")} <Value struck>{from}</Value>
        </>
      ) : null}
      {diff.action && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
          {diff.action}
        </Typography>
      )}
    </Box>
  );
}

/** The dot on the line: the action's icon in its colour when the timeline knows it, else a plain dot. */
function Marker({ look }: { look: EntryLook | null }) {
  if (!look)
    return (
      <Box
        aria-hidden
        sx={{
          position: "absolute",
          left: 5,
          top: 6,
          width: 10,
          height: 10,
          borderRadius: "50%",
          bgcolor: "primary.main",
          boxShadow: "0 0 0 3px rgba(67,83,224,0.15)",
        }}
      />
    );
  return (
    <Box
      aria-hidden
      sx={{
        position: "absolute",
        left: 0,
        top: 1,
        width: 20,
        height: 20,
        borderRadius: "50%",
        display: "grid",
        placeItems: "center",
        fontSize: 13,
        color: "common.white",
        bgcolor: `${look.tone}.main`,
      }}
    >
      {ENTRY_ICONS[look.icon]}
    </Box>
  );
}

/**
 * One log entry: type, action (a readable label for campaign and reply actions), local date (MM-DD-YYYY hh:mm A),
 * file name, the attribute changes, and a message entry's campaign, address and text.
 */
export function TimelineEntry({ entry }: { entry: LeadLogEntry }) {
  const t = useT();
  const look = entryLook(entry);
  return (
    <Box component="li" sx={{ position: "relative", pl: 3, pb: 2, "&:last-child": { pb: 0 } }}>
      <Marker look={look} />
      <Stack direction="row" sx={{ gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <Chip size="small" label={entry.type} variant="outlined" color="primary" sx={{ textTransform: "capitalize" }} />
        <Typography
          variant="body2"
          sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: "anywhere", "&::first-letter": { textTransform: "uppercase" } }}
        >
          {look ? t(look.label) : entry.action}
        </Typography>
        <Typography
          component="time"
          dateTime={entry.created_at}
          variant="caption"
          color="text.secondary"
          sx={{ whiteSpace: "nowrap", width: { xs: "100%", sm: "auto" } }}
        >
          {formatDateTime(entry.created_at)}
        </Typography>
      </Stack>
      {entry.filename && (
        <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 0.5, overflowWrap: "anywhere" }}>
          {t("leads.timeline.file")}: {entry.filename}
        </Typography>
      )}
      {entry.message && <TimelineMessage message={entry.message} replied={entry.action === "replied"} />}
      {entry.diff_log.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 0, listStyle: "none" }}>
          {entry.diff_log.map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a diff line has no id; the entry's lines never reorder
            <DiffLine key={i} diff={d} />
          ))}
        </Box>
      )}
    </Box>
  );
}
