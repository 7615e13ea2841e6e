import { Chip, List, ListItem, ListItemText, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { fromNow } from "../../../lib/format";
import { dataKey, useT } from "../../../lib/i18n";
import { optInRequestsQuery } from "../api/signup-forms.api";

const COLORS = { pending: "warning", confirmed: "success", cancelled: "default", expired: "default" } as const;

/** The list's latest sign-ups (forms and double opt-in keywords) and where each stands. */
export function RecentOptIns({ listId }: { listId: number }) {
  const t = useT();
  const requests = useQuery(optInRequestsQuery(listId));
  const rows = requests.data?.data ?? [];
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ pt: 1 }}>
        {t("signupForms.recent")}
      </Typography>
      {requests.isSuccess && rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("signupForms.recentEmpty")}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t("signupForms.recent")}>
          {rows.map((r) => (
            <ListItem
              key={r.id}
              disableGutters
              secondaryAction={<Chip size="small" color={COLORS[r.state]} label={t(dataKey("signupForms.state", r.state))} />}
            >
              <ListItemText primary={r.phone} secondary={`${t(dataKey("signupForms.origin", r.origin))} · ${fromNow(r.created_at)}`} />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}
