import type { Gateway } from "@leadflow/contracts";
import { Chip, Stack, Tooltip, Typography } from "@mui/material";
import { formatDateTime } from "../../../lib/format";
import { tn, useT } from "../../../lib/i18n";

/**
 * Sender health on a gateway's row: out of rotation as a whole, or how many of its senders are, with why and until
 * when. The team's own gateway's chip opens "Put back in rotation"; a platform gateway's only tells.
 */
export function RotationChip({ g, onPutBack }: { g: Gateway; onPutBack: (g: Gateway) => void }) {
  const t = useT();
  const senders = g.senders_out_of_rotation;
  if (!g.out_of_rotation && senders.length === 0) return null;
  const label = g.out_of_rotation ? t("integrations.outOfRotation") : tn("integrations.sendersOutOfRotation", senders.length);
  const hint = g.out_of_rotation ? (
    t("integrations.outOfRotationHint", { reason: g.out_of_rotation.reason, until: formatDateTime(g.out_of_rotation.until) })
  ) : (
    <Stack spacing={0.5}>
      {senders.map((s) => (
        <Typography key={s.sender} variant="caption">
          {t("integrations.senderOutOfRotation", { sender: s.sender, reason: s.reason, until: formatDateTime(s.until) })}
        </Typography>
      ))}
    </Stack>
  );
  return (
    <Tooltip title={hint} describeChild>
      <Chip
        size="small"
        color="warning"
        label={label}
        {...(g.default ? {} : { onClick: () => onPutBack(g), "aria-label": t("integrations.putBackOf", { name: g.name }) })}
      />
    </Tooltip>
  );
}
