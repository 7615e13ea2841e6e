import { smsLength } from "@leadflow/contracts";
import SendIcon from "@mui/icons-material/Send";
import { Alert, Box, Button, Stack, TextField, Typography } from "@mui/material";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useReplyToConversation } from "../api/conversations.api";

/** The reply box: the text, its length in characters and SMS parts, and Send (Ctrl/⌘+Enter too). */
export function ReplyBox({ conversationId, blocked }: { conversationId: number; blocked: string | null }) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const [text, setText] = useState("");
  const reply = useReplyToConversation(conversationId);
  const length = smsLength(text, { placeholders: false });
  const send = () => {
    if (!text.trim() || reply.isPending) return;
    reply.mutate(text, {
      onSuccess: (r) => {
        setText("");
        const variant =
          r.item.status === "failed" ? "error" : r.item.status === "held" || r.item.status === "maybe_sent" ? "warning" : "success";
        enqueueSnackbar(r.message, { variant });
      },
      onError: (e) => enqueueSnackbar(errorMessage(e), { variant: "error" }),
    });
  };
  if (blocked)
    return (
      <Box sx={{ p: 1.5, borderTop: 1, borderColor: "divider" }}>
        <Alert severity="info">{blocked}</Alert>
      </Box>
    );
  return (
    <Box sx={{ p: 1.5, borderTop: 1, borderColor: "divider", bgcolor: "background.paper" }}>
      <TextField
        fullWidth
        multiline
        minRows={2}
        maxRows={6}
        placeholder={t("conversations.reply")}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) send();
        }}
        slotProps={{ htmlInput: { maxLength: 1600, "aria-label": t("conversations.reply") } }}
      />
      <Stack direction="row" sx={{ mt: 1, alignItems: "center", gap: 1 }}>
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }} data-testid="reply-counter">
          {t("conversations.counter", { chars: text.length, parts: text ? length.parts : 0 })}
        </Typography>
        <Button variant="contained" endIcon={<SendIcon />} onClick={send} disabled={!text.trim() || reply.isPending}>
          {t("conversations.send")}
        </Button>
      </Stack>
    </Box>
  );
}
