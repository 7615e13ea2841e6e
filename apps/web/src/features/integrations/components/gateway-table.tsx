import type { Gateway, GatewayKind } from "@leadflow/contracts";
import AddIcon from "@mui/icons-material/Add";
import { Box, Button, LinearProgress, Paper, Stack, Table, TableContainer, Typography } from "@mui/material";
import { useMemo } from "react";
import { DataTableBody } from "../../../components/data-table/data-table-body";
import { DataTableHead } from "../../../components/data-table/data-table-head";
import { useT } from "../../../lib/i18n";
import { useGateways } from "../api/gateways.api";
import { type GatewayActions, gatewayColumns } from "./gateway-columns";

export interface GatewayTableProps extends GatewayActions {
  kind: GatewayKind;
  onAdd: (kind: GatewayKind) => void;
}

const noop = () => {};

/**
 * One of the five stacked tables. A kind has a handful of gateways (fetched whole, spec 2 §7), so the table has
 * no paging, search or sort: the shared table's head and body in a titled card.
 */
export function GatewayTable({ kind, onAdd, ...actions }: GatewayTableProps) {
  const t = useT();
  const query = useGateways(kind);
  const title = t(`integrations.title.${kind}`);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the handlers only open dialogs; testingId is what changes
  const columns = useMemo(() => gatewayColumns(kind, t, actions), [kind, t, actions.testingId]);
  const rows: Gateway[] | undefined = query.data?.data;

  return (
    <Box component="section" aria-label={title}>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onAdd(kind)}
          aria-label={t("integrations.addOfKind", { kind: t(`integrations.kindLabel.${kind}`) })}
        >
          {t("integrations.addShort")}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ overflow: "hidden" }}>
        <Box sx={{ height: 2 }}>{query.isFetching && rows && <LinearProgress sx={{ height: 2, borderRadius: 0 }} />}</Box>
        <TableContainer>
          <Table aria-label={title} aria-busy={query.isFetching} size="small">
            <DataTableHead columns={columns} sort={null} onSort={noop} />
            <DataTableBody
              rows={rows}
              columns={columns}
              getRowId={(g) => g.id}
              selection={undefined}
              onToggle={noop}
              loading={query.isPending}
              skeletonRows={2}
              error={query.error}
              onRetry={() => query.refetch()}
              emptyText={t("integrations.empty", { kind: t(`integrations.kindLabel.${kind}`) })}
              search=""
              onClearSearch={noop}
            />
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
}
