import { type GatewayKind, isLookupKind } from "@leadflow/contracts";
import AddIcon from "@mui/icons-material/Add";
import { Box, Button, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { DataTable } from "../../../components/data-table/data-table";
import { useT } from "../../../lib/i18n";
import { gatewaysQuery } from "../api/gateways.api";
import { type GatewayColumnsContext, gatewayColumns, lookupGatewayColumns, smsGatewayColumns } from "./gateway-columns";

export interface GatewayTableProps {
  kind: GatewayKind;
  context: GatewayColumnsContext;
  onAdd: (kind: GatewayKind) => void;
}

/**
 * One of the five stacked tables. A kind has a handful of gateways (fetched whole), so the table has
 * no paging, search or sort.
 */
export function GatewayTable({ kind, context, onAdd }: GatewayTableProps) {
  const t = useT();
  const query = useQuery(gatewaysQuery(kind));
  const title = t(`integrations.title.${kind}`);
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
      <DataTable
        aria-label={title}
        columns={isLookupKind(kind) ? lookupGatewayColumns : kind === "sms" ? smsGatewayColumns : gatewayColumns}
        context={context}
        query={query}
        size="small"
        skeletonRows={2}
        emptyText={t("integrations.empty", { kind: t(`integrations.kindLabel.${kind}`) })}
      />
    </Box>
  );
}
