import { type LookupType, LookupTypeLabels } from "@leadflow/contracts";
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { formatNumber } from "../../../components/data-table/format";
import { useT } from "../../../lib/i18n";
import { useLookupGateways } from "../api/gateway-options";
import { balanceQuery } from "../api/lookups.api";
import { formatBalance, formatMoney, itemNoun } from "../model/lookup-format";
import { gatewayKindFor } from "../model/run-lookup";
import { GatewayPicker } from "./gateway-picker";

export interface RunLookupDialogProps {
  open: boolean;
  type: LookupType;
  /** Defaults to the type's name (SMS Lookup, SMS DNC, Email Lookup). */
  title?: ReactNode;
  /** The confirm prompt. */
  message: ReactNode;
  confirmLabel?: string;
  loading?: boolean;
  /** Asks the provider even for fresh results (a relookup): the price note leaves out the free reuse. */
  force?: boolean;
  onConfirm: (gatewayId: number) => void;
  onClose: () => void;
}

/**
 * The one confirm-and-pick-a-gateway dialog behind every 'Run Lookup' and 'Relookup' (sources, lists, audiences,
 * Lookup Management, a lead): the prompt, a gateway of the type's kind, and what a lookup costs.
 */
export function RunLookupDialog({ open, type, title, message, confirmLabel, loading, force, onConfirm, onClose }: RunLookupDialogProps) {
  const t = useT();
  const [gatewayId, setGatewayId] = useState<number | null>(null);
  const [touched, setTouched] = useState(false);
  const balance = useQuery({ ...balanceQuery(), enabled: open });
  // The picker reads the same (cached) options: with none there is nothing to start.
  const gateways = useLookupGateways(gatewayKindFor(type), open);
  const noGateway = !gateways.loading && !gateways.error && gateways.options.length === 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh choice per opening and per type (another gateway kind)
  useEffect(() => {
    if (!open) return;
    setGatewayId(null);
    setTouched(false);
  }, [open, type]);

  const confirm = () => {
    setTouched(true);
    if (gatewayId !== null) onConfirm(gatewayId);
  };

  const b = balance.data;
  return (
    <Dialog open={open} onClose={loading ? undefined : onClose} fullWidth aria-labelledby="run-lookup-title">
      <DialogTitle id="run-lookup-title">{title ?? LookupTypeLabels[type]}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          {typeof message === "string" ? <Typography>{message}</Typography> : message}
          <GatewayPicker
            kind={gatewayKindFor(type)}
            value={gatewayId}
            onChange={setGatewayId}
            onBlur={() => setTouched(true)}
            error={touched && gatewayId === null ? t("lookups.gateway.required") : undefined}
            disabled={loading}
            autoSelectOnly
          />
          {b && !noGateway && (
            <Typography variant="caption" color={b.balance <= 0 && b.free_lookups <= 0 ? "warning.dark" : "text.secondary"}>
              {t(force ? "lookups.run.priceForced" : "lookups.run.price", { price: formatMoney(b.prices[type]), noun: itemNoun(type, 1) })}{" "}
              {t("lookups.run.funds", { balance: formatBalance(b.balance), free: formatNumber(b.free_lookups) })}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={loading} color="inherit">
          {t("common.cancel")}
        </Button>
        <Button
          onClick={confirm}
          variant="contained"
          disabled={loading || noGateway || (touched && gatewayId === null)}
          startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {confirmLabel ?? t("lookups.run.start")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
