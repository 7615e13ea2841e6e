import { defaultRateOf, type Gateway, isLookupKind } from "@leadflow/contracts";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import NetworkCheckIcon from "@mui/icons-material/NetworkCheckOutlined";
import SmsOutlinedIcon from "@mui/icons-material/SmsOutlined";
import { Box, Chip, CircularProgress, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import type { ReactNode } from "react";
import type { CrudRowActions } from "../../../components/crud/crud-settings-config";
import type { CellContext, Columns, DataTableColumn } from "../../../components/data-table/types";
import { formatDateTime } from "../../../lib/format";
import { RotationChip } from "./rotation-chip";

export interface GatewayColumnsContext extends CrudRowActions<Gateway> {
  onTest: (g: Gateway) => void;
  /** The gateway whose test is running. */
  testingId: number | null;
  /** Opens "Simulate reply" for one of the team's sandbox SMS gateways. */
  onSimulate: (g: Gateway) => void;
  /** Opens "Put back in rotation" for a gateway carriers' filtering took out, or some of its senders. */
  onPutBack: (g: Gateway) => void;
}

/** A reply can be simulated on the team's own sandbox SMS gateways (a platform one is shared by every team). */
export const canSimulateReply = (g: Gateway) => g.kind === "sms" && g.type === "sandbox" && !g.default;

type GatewayColumn = DataTableColumn<Gateway, GatewayColumnsContext>;

/** Default gateways are shown dimmed; every cell of their row fades the same. */
const dim = (g: Gateway, node: ReactNode) => <Box sx={{ opacity: g.default ? 0.55 : 1 }}>{node}</Box>;

function Actions({ g, context: c }: { g: Gateway; context: CellContext<GatewayColumnsContext> }) {
  const { t } = c;
  const testing = c.testingId === g.id;
  return (
    <Stack direction="row" sx={{ justifyContent: "flex-end" }}>
      {canSimulateReply(g) && (
        <Tooltip title={t("integrations.simulate")}>
          <IconButton size="small" onClick={() => c.onSimulate(g)} aria-label={t("integrations.simulateOf", { name: g.name })}>
            <SmsOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t("integrations.testConnection")}>
        <span>
          <IconButton
            size="small"
            disabled={c.testingId !== null}
            onClick={() => c.onTest(g)}
            aria-label={t("integrations.test", { name: g.name })}
          >
            {testing ? <CircularProgress size={18} /> : <NetworkCheckIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      {g.default ? (
        // Keeps the column's width: a default row has the test action only.
        <Box sx={{ width: 68 }} />
      ) : (
        <>
          <IconButton size="small" onClick={() => c.onEdit(g)} aria-label={t("integrations.edit", { name: g.name })}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" onClick={() => c.onDelete(g)} aria-label={t("integrations.delete", { name: g.name })}>
            <DeleteOutlinedIcon fontSize="small" />
          </IconButton>
        </>
      )}
    </Stack>
  );
}

const name: GatewayColumn = {
  key: "name",
  header: ({ t }) => t("integrations.columns.name"),
  minWidth: { xs: 140, lg: 220 },
  render: (g, c) =>
    dim(
      g,
      <Stack sx={{ minWidth: 0 }}>
        <Stack direction="row" useFlexGap sx={{ alignItems: "center", flexWrap: "wrap", columnGap: 1, rowGap: 0.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
            {g.name}
          </Typography>
          {g.default && (
            <Tooltip title={c.t("integrations.providedBy")}>
              <Chip size="small" label={c.t("integrations.default")} />
            </Tooltip>
          )}
          <RotationChip g={g} onPutBack={c.onPutBack} />
        </Stack>
        {/* Narrow screens hide the Type column: the name carries it. */}
        <Typography variant="caption" color="text.secondary" sx={{ display: { sm: "none" } }}>
          {g.type_alias}
        </Typography>
      </Stack>,
    ),
};

const type: GatewayColumn = {
  key: "type",
  header: ({ t }) => t("integrations.columns.type"),
  minWidth: 140,
  showFrom: "sm",
  render: (g) => dim(g, g.type_alias),
};

/** Lookup gateways say when lookups are off, so their status column is wider. */
const status = (width: number): GatewayColumn => ({
  key: "active",
  header: ({ t }) => t("integrations.columns.status"),
  width,
  render: (g, c) =>
    dim(
      g,
      <Stack direction="row" useFlexGap sx={{ flexWrap: "wrap", gap: 0.5 }}>
        <Chip
          size="small"
          variant="outlined"
          color={g.active ? "success" : "default"}
          label={c.t(g.active ? "integrations.active" : "integrations.inactive")}
        />
        {isLookupKind(g.kind) && !g.allow_lookup && (
          <Tooltip title={c.t("integrations.lookupsOffHint")}>
            <Chip size="small" variant="outlined" label={c.t("integrations.lookupsOff")} />
          </Tooltip>
        )}
      </Stack>,
    ),
});

const force: GatewayColumn = {
  key: "is_force",
  header: ({ t }) => t("integrations.columns.force"),
  width: 130,
  showFrom: "sm",
  render: (g, { t }) => dim(g, t(g.is_force ? "integrations.yes" : "integrations.no")),
};

const rate: GatewayColumn = {
  key: "rate_limit",
  header: ({ t }) => t("integrations.columns.rate"),
  width: 140,
  showFrom: "sm",
  render: (g, { t }) =>
    dim(
      g,
      g.rate_limit === null ? (
        <Typography variant="body2" color="text.secondary">
          {t("integrations.defaultRate", { rate: defaultRateOf(g.kind) })}
        </Typography>
      ) : (
        t("integrations.perSecond", { rate: g.rate_limit })
      ),
    ),
};

const created: GatewayColumn = {
  key: "created_at",
  header: ({ t }) => t("integrations.columns.created"),
  width: 190,
  showFrom: "md",
  render: (g) => dim(g, <Box sx={{ whiteSpace: "nowrap" }}>{formatDateTime(g.created_at)}</Box>),
};

const actions = (width: number): GatewayColumn => ({
  key: "actions",
  header: "",
  align: "right",
  width,
  render: (g, c) => <Actions g={g} context={c} />,
});

/** A kind's table: Name, Type, Status, Created, actions. */
export const gatewayColumns: Columns<Gateway, GatewayColumnsContext> = [name, type, status(110), rate, created, actions(120)];

/** SMS gateways: the actions column fits a sandbox row's fourth action, Simulate reply. */
export const smsGatewayColumns: Columns<Gateway, GatewayColumnsContext> = [name, type, status(110), rate, created, actions(156)];

/** Lookup kinds add Force lookup and Rate limit. */
export const lookupGatewayColumns: Columns<Gateway, GatewayColumnsContext> = [name, type, status(150), force, rate, created, actions(120)];
