import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import { Alert, Avatar, Box, Button, IconButton, LinearProgress, Skeleton, Stack, Tooltip, Typography } from "@mui/material";
import { errorMessage } from "../../../../lib/errors";
import { tn, useT } from "../../../../lib/i18n";
import type { MessagePreviewState } from "../../api/message-preview.api";

const URL_RE = /(https?:\/\/[^\s]+)/g;

/** The bubble's text with its links as a phone shows them: blue and underlined. */
function BubbleText({ text }: { text: string }) {
  const pieces = text.split(URL_RE);
  return (
    <>
      {pieces.map((piece, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order
          <Box key={i} component="span" sx={{ color: "#0a66d8", textDecoration: "underline" }}>
            {piece}
          </Box>
        ) : (
          piece
        ),
      )}
    </>
  );
}

/**
 * The message on a phone: the sender's number at the top, the text as an incoming bubble, rendered by the server for
 * a real lead of the audience (or sample values), with arrows to step through the leads and the parts it takes.
 */
export function PhonePreview({ preview }: { preview: MessagePreviewState }) {
  const t = useT();
  const { query } = preview;
  const data = query.data;
  const lead = data?.lead;
  const leadLabel = lead ? [t("campaigns.steps.preview.lead", { id: lead.id }), lead.name].filter(Boolean).join(" · ") : null;
  return (
    <Stack spacing={1} sx={{ width: { xs: "100%", md: 300 }, flexShrink: 0, alignItems: "center" }} data-testid="phone-preview">
      <Typography variant="overline" color="text.secondary" sx={{ alignSelf: "flex-start" }}>
        {t("campaigns.steps.preview.title")}
      </Typography>
      <Box
        role="img"
        aria-label={t("campaigns.steps.preview.title")}
        sx={{ width: "100%", maxWidth: 300, border: "10px solid #1f2430", borderRadius: "36px", bgcolor: "#f6f7fb", overflow: "hidden" }}
      >
        <Stack spacing={0.5} sx={{ alignItems: "center", py: 1.5, px: 2, bgcolor: "#eceef4", borderBottom: "1px solid #dde1ea" }}>
          <Avatar sx={{ width: 36, height: 36, bgcolor: "#9aa3b5", fontSize: 14 }}>{(data?.sender.number ?? "?").slice(-2)}</Avatar>
          <Typography
            variant="subtitle2"
            data-testid="phone-sender"
            sx={{ lineHeight: 1.2, overflowWrap: "anywhere", textAlign: "center" }}
          >
            {data ? (data.sender.number ?? t("campaigns.steps.preview.noSender")) : <Skeleton width={120} />}
          </Typography>
          {data?.sender.name && (
            <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.2 }}>
              {t("campaigns.steps.preview.via", { gateway: data.sender.name })}
            </Typography>
          )}
        </Stack>
        <Box sx={{ height: 4 }}>{(query.isFetching || preview.settling) && <LinearProgress sx={{ height: 2 }} />}</Box>
        <Stack spacing={0.75} sx={{ minHeight: 240, maxHeight: 420, overflowY: "auto", px: 1.5, pb: 2 }}>
          <Typography variant="caption" color="text.secondary" sx={{ alignSelf: "center" }}>
            {t("campaigns.steps.preview.now")}
          </Typography>
          {query.isPending && <Skeleton variant="rounded" width="75%" height={64} sx={{ borderRadius: "18px" }} />}
          {data && data.body.trim() !== "" && (
            <Box
              data-testid="phone-bubble"
              sx={{
                alignSelf: "flex-start",
                maxWidth: "85%",
                bgcolor: "#e4e6eb",
                color: "#111",
                px: 1.5,
                py: 1,
                borderRadius: "18px",
                borderBottomLeftRadius: "6px",
                whiteSpace: "pre-wrap",
                overflowWrap: "anywhere",
                fontSize: 14,
                lineHeight: 1.35,
              }}
            >
              <BubbleText text={data.body} />
            </Box>
          )}
          {data && data.body.trim() === "" && (
            <Typography variant="body2" color="text.secondary" sx={{ alignSelf: "center", pt: 4, fontStyle: "italic" }}>
              {t("campaigns.steps.preview.empty")}
            </Typography>
          )}
        </Stack>
      </Box>
      {query.isError && (
        <Alert
          severity="error"
          sx={{ width: "100%" }}
          action={
            preview.first && (
              <Button color="inherit" size="small" onClick={preview.first}>
                {t("campaigns.steps.retry")}
              </Button>
            )
          }
        >
          {t("campaigns.steps.preview.error", { error: errorMessage(query.error) })}
        </Alert>
      )}
      {data && (
        <Typography variant="caption" color="text.secondary" data-testid="phone-meta" sx={{ fontVariantNumeric: "tabular-nums" }}>
          {t("campaigns.steps.preview.meta", {
            characters: data.characters.toLocaleString("en-US"),
            parts: tn("campaigns.steps.parts", data.parts),
            encoding: data.encoding,
          })}
        </Typography>
      )}
      {data && !lead && (
        <Alert severity="info" variant="outlined" sx={{ width: "100%" }} data-testid="phone-sample">
          {t("campaigns.steps.preview.sample")}
        </Alert>
      )}
      {lead && (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", width: "100%", justifyContent: "space-between" }}>
          <Tooltip title={t("campaigns.steps.preview.previous")}>
            <span>
              <IconButton
                size="small"
                onClick={preview.previous}
                disabled={!preview.previous}
                aria-label={t("campaigns.steps.preview.previous")}
              >
                <ChevronLeftIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Box sx={{ minWidth: 0, textAlign: "center" }}>
            <Typography variant="body2" noWrap data-testid="phone-lead" title={leadLabel ?? undefined}>
              {leadLabel}
            </Typography>
            {lead.phone && (
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {lead.phone}
              </Typography>
            )}
          </Box>
          <Tooltip title={t("campaigns.steps.preview.next")}>
            <span>
              <IconButton size="small" onClick={preview.next} disabled={!preview.next} aria-label={t("campaigns.steps.preview.next")}>
                <ChevronRightIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      )}
    </Stack>
  );
}
