import PersonAddIcon from "@mui/icons-material/PersonAddAltOutlined";
import { Button, ListItemIcon, Menu, MenuItem } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { UserAvatar } from "../../../components/user-avatar/user-avatar";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { teamMembersQuery, useAssignConversation } from "../api/conversations.api";

/** Who has the thread: a member of the team, or nobody. */
export function AssignMenu({ conversationId, assigned }: { conversationId: number; assigned: { id: number; name: string } | null }) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const members = useQuery({ ...teamMembersQuery(), enabled: anchor !== null });
  const assign = useAssignConversation();
  const pick = (userId: number | null) => {
    setAnchor(null);
    assign.mutate(
      { id: conversationId, userId },
      {
        onSuccess: () => enqueueSnackbar(t("conversations.assigned"), { variant: "success" }),
        onError: (e) => enqueueSnackbar(errorMessage(e), { variant: "error" }),
      },
    );
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        onClick={(e) => setAnchor(e.currentTarget)}
        startIcon={assigned ? <UserAvatar id={assigned.id} name={assigned.name} size={20} /> : <PersonAddIcon />}
        sx={{ maxWidth: 180 }}
      >
        <span style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
          {assigned?.name ?? t("conversations.assign")}
        </span>
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => pick(null)} selected={assigned === null}>
          {t("conversations.nobody")}
        </MenuItem>
        {(members.data ?? []).map((u) => (
          <MenuItem key={u.id} onClick={() => pick(u.id)} selected={assigned?.id === u.id}>
            <ListItemIcon>
              <UserAvatar id={u.id} name={u.name} size={24} />
            </ListItemIcon>
            {u.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
