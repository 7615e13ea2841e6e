import { type Gateway, type GatewayKind, GatewayKinds } from "@leadflow/contracts";
import { Stack } from "@mui/material";
import { useSnackbar } from "notistack";
import { useState } from "react";
import type { CrudBodyProps, CrudSettingsConfig } from "../../../components/crud/crud-settings-config";
import { CrudSettingsPage } from "../../../components/crud/crud-settings-page";
import { errorMessage } from "../../../lib/errors";
import { gatewaysApi, useTestGateway } from "../api/gateways.api";
import { GatewayDeleteMessage } from "../components/gateway-delete-message";
import { GatewayForm } from "../components/gateway-form";
import { GatewayTable } from "../components/gateway-table";
import { PutBackDialog } from "../components/put-back-dialog";
import { SimulateReplyDialog } from "../components/simulate-reply-dialog";

interface IntegrationExtras {
  onTest: (g: Gateway) => void;
  /** The gateway whose test is running. */
  testingId: number | null;
  onSimulate: (g: Gateway) => void;
  /** The sandbox gateway whose "Simulate reply" dialog is open. */
  simulating: Gateway | null;
  closeSimulate: () => void;
  onPutBack: (g: Gateway) => void;
  /** The gateway whose "Put back in rotation" dialog is open. */
  puttingBack: Gateway | null;
  closePutBack: () => void;
}

/** Test connection of a row (the answer as a toast), a sandbox row's simulated reply, and putting back in rotation. */
function useRowActions(): IntegrationExtras {
  const { enqueueSnackbar } = useSnackbar();
  const test = useTestGateway();
  const [simulating, setSimulating] = useState<Gateway | null>(null);
  const [puttingBack, setPuttingBack] = useState<Gateway | null>(null);
  return {
    onPutBack: setPuttingBack,
    puttingBack,
    closePutBack: () => setPuttingBack(null),
    onSimulate: setSimulating,
    simulating,
    closeSimulate: () => setSimulating(null),
    onTest: (g) =>
      test.mutate(g, {
        onSuccess: (r) => enqueueSnackbar(`${g.name}: ${r.message}`, { variant: r.ok ? "success" : "error" }),
        onError: (e) => enqueueSnackbar(errorMessage(e), { variant: "error" }),
      }),
    testingId: test.isPending ? (test.variables?.id ?? null) : null,
  };
}

/** The five kinds of gateway, one table each, in the product's order. */
function GatewayTables({ context, onCreate }: CrudBodyProps<Gateway, IntegrationExtras, GatewayKind>) {
  return (
    <Stack spacing={3}>
      {GatewayKinds.map((kind) => (
        <GatewayTable key={kind} kind={kind} context={context} onAdd={onCreate} />
      ))}
      <SimulateReplyDialog gateway={context.simulating} onClose={context.closeSimulate} />
      <PutBackDialog gateway={context.puttingBack} onClose={context.closePutBack} />
    </Stack>
  );
}

const settings: CrudSettingsConfig<Gateway, IntegrationExtras, GatewayKind> = {
  title: "settings.integrations",
  subtitle: "settings.integrations.text",
  add: "integrations.add",
  api: { keys: gatewaysApi.keys, remove: gatewaysApi.remove },
  useExtras: useRowActions,
  Body: GatewayTables,
  Form: GatewayForm,
  remove: { Message: GatewayDeleteMessage, error: "integrations.removeError", deleted: "integrations.deleted" },
};

/** Settings → Integrations (docs/product/audiences-lookups-settings.md): SMS, email, lookup and DNC gateways. */
export function IntegrationsPage() {
  return <CrudSettingsPage config={settings} />;
}
