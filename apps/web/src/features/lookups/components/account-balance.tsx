import AccountBalanceWalletOutlinedIcon from "@mui/icons-material/AccountBalanceWalletOutlined";
import { ListItemIcon, ListItemText, MenuItem, Skeleton } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { formatNumber } from "../../../components/data-table/format";
import { tn, useT } from "../../../lib/i18n";
import { balanceQuery } from "../api/lookups.api";
import { formatBalance } from "../model/lookup-format";

export { useBalanceLiveRefresh } from "../api/lookup-live";

/**
 * The account menu's balance: "Balance $X.XX" and "N free lookups"; it opens Lookup Management, where the money goes.
 * The menu's owner keeps it fresh with `useBalanceLiveRefresh`.
 */
export function AccountBalanceItem({ onOpen }: { onOpen: () => void }) {
  const t = useT();
  const balance = useQuery(balanceQuery());
  const b = balance.data;
  return (
    <MenuItem onClick={onOpen} sx={{ py: 1 }}>
      <ListItemIcon>
        <AccountBalanceWalletOutlinedIcon fontSize="small" color="primary" />
      </ListItemIcon>
      {b ? (
        <ListItemText
          primary={t("lookups.balance.amount", { amount: formatBalance(b.balance) })}
          secondary={tn("lookups.balance.free", b.free_lookups, { count: formatNumber(b.free_lookups) })}
          slotProps={{
            primary: { sx: { fontWeight: 600, fontSize: "0.875rem", fontVariantNumeric: "tabular-nums" } },
            secondary: { sx: { fontSize: "0.75rem" } },
          }}
        />
      ) : balance.isError ? (
        <ListItemText primary={t("lookups.balance.amount", { amount: "—" })} />
      ) : (
        <ListItemText primary={<Skeleton width={120} />} secondary={<Skeleton width={90} />} />
      )}
    </MenuItem>
  );
}
