import ForumIcon from "@mui/icons-material/ForumOutlined";
import { Button } from "@mui/material";
import { useSnackbar } from "notistack";
import { useNavigate } from "react-router";
import { useAccountPath } from "../../../lib/account-context";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useOpenLeadConversation } from "../api/conversations.api";

/** The lead page's way into the inbox: the thread of the lead's phone, made if the lead never replied. */
export function ConversationButton({ leadId, disabled }: { leadId: number; disabled?: boolean }) {
  const t = useT();
  const p = useAccountPath();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const open = useOpenLeadConversation();
  return (
    <Button
      variant="outlined"
      startIcon={<ForumIcon />}
      disabled={disabled || open.isPending}
      onClick={() =>
        open.mutate(leadId, {
          onSuccess: (c) => navigate(p(`conversations/${c.id}`)),
          onError: (e) => enqueueSnackbar(errorMessage(e), { variant: "error" }),
        })
      }
    >
      {t("conversations.leadButton")}
    </Button>
  );
}
