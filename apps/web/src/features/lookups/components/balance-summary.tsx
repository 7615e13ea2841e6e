import AccountBalanceWalletOutlinedIcon from "@mui/icons-material/AccountBalanceWalletOutlined";
import { Box, Skeleton, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { formatNumber } from "../../../components/data-table/format";
import { tn, useT } from "../../../lib/i18n";
import { balanceQuery } from "../api/lookups.api";
import { formatBalance } from "../model/lookup-format";

/** The team's balance and free lookups left, as the Lookup Management header shows them. */
export function BalanceSummary() {
  const t = useT();
  const balance = useQuery(balanceQuery());
  if (balance.isError) return null;
  return (
    <Stack
      direction="row"
      spacing={1.25}
      sx={{ alignItems: "center", px: 1.5, py: 0.75, border: 1, borderColor: "divider", borderRadius: 2, bgcolor: "background.paper" }}
    >
      <AccountBalanceWalletOutlinedIcon fontSize="small" color="primary" />
      {balance.data ? (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 700, lineHeight: 1.2, fontVariantNumeric: "tabular-nums" }}>
            {t("lookups.balance.amount", { amount: formatBalance(balance.data.balance) })}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.2 }}>
            {tn("lookups.balance.free", balance.data.free_lookups, { count: formatNumber(balance.data.free_lookups) })}
          </Typography>
        </Box>
      ) : (
        <Skeleton variant="text" width={110} height={36} />
      )}
    </Stack>
  );
}
