import type { CampaignChangeAttribute, CampaignChangeEntry } from "@leadflow/contracts";
import ArrowForwardIcon from "@mui/icons-material/ArrowForward";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { Box, Button, Chip, Collapse, Stack, Typography } from "@mui/material";
import { formatDateTime } from "../../../lib/format";
import { tn, useT } from "../../../lib/i18n";
import { toneOf } from "./change-log.model";

/** "Name → new value"; a cleared field says so. */
function AttributeLine({ attribute }: { attribute: CampaignChangeAttribute }) {
  const t = useT();
  return (
    <Box component="li" sx={{ typography: "body2", py: 0.25 }}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {attribute.name}
      </Box>
      <ArrowForwardIcon
        sx={{ fontSize: 14, mx: 0.75, verticalAlign: "middle", color: "text.secondary" }}
        aria-label={t("campaigns.logs.changes.to")}
      />
      {attribute.value_to === null ? (
        <Box component="span" sx={{ color: "text.secondary", fontStyle: "italic" }}>
          {t("campaigns.logs.changes.cleared")}
        </Box>
      ) : (
        <Box
          component="span"
          sx={{ px: 0.5, borderRadius: 0.5, bgcolor: "rgba(18,161,80,0.08)", overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}
        >
          {attribute.value_to}
        </Box>
      )}
    </Box>
  );
}

/**
 * One change on the timeline: a dot on the line in the change's colour, when (MM-DD-YYYY hh:mm A),
 * what kind of change, who made it, and the changed fields behind a toggle.
 */
export function ChangeLogEntry({ entry, expanded, onToggle }: { entry: CampaignChangeEntry; expanded: boolean; onToggle: () => void }) {
  const t = useT();
  const tone = toneOf(entry.type);
  const listId = `campaign-change-${entry.id}`;
  const count = entry.attributes.length;
  return (
    <Box component="li" sx={{ position: "relative", pl: 3.5, pb: 2.5, "&:last-child": { pb: 0 } }}>
      <Box
        aria-hidden
        sx={{
          position: "absolute",
          left: 4,
          top: 7,
          width: 12,
          height: 12,
          borderRadius: "50%",
          bgcolor: tone === "default" ? "grey.500" : `${tone}.main`,
          boxShadow: (theme) => `0 0 0 3px ${theme.palette.background.paper}`,
        }}
      />
      <Stack direction="row" sx={{ gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <Typography component="time" dateTime={entry.created_at} variant="body2" color="text.secondary" sx={{ whiteSpace: "nowrap" }}>
          {formatDateTime(entry.created_at)}
        </Typography>
        <Chip size="small" label={entry.type_label} color={tone} variant="outlined" />
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
          {entry.user ? t("campaigns.logs.changes.by", { user: entry.user }) : t("campaigns.logs.changes.bySystem")}
        </Typography>
      </Stack>
      {count > 0 && (
        <>
          <Button
            size="small"
            onClick={onToggle}
            aria-expanded={expanded}
            aria-controls={listId}
            endIcon={<ExpandMoreIcon sx={{ transform: expanded ? "rotate(180deg)" : "none", transition: "transform 150ms" }} />}
            sx={{ mt: 0.5, ml: -0.75, px: 0.75 }}
          >
            {expanded ? t("campaigns.logs.changes.hide") : tn("campaigns.logs.changes.show", count)}
          </Button>
          <Collapse in={expanded} unmountOnExit>
            <Box component="ul" id={listId} sx={{ m: 0, mt: 0.5, pl: 0, listStyle: "none" }}>
              {entry.attributes.map((a, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an entry's fields have no id and never reorder
                <AttributeLine key={i} attribute={a} />
              ))}
            </Box>
          </Collapse>
        </>
      )}
    </Box>
  );
}
