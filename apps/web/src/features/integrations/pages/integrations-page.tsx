import { type Gateway, type GatewayKind, GatewayKinds, isLookupKind } from "@leadflow/contracts";
import AddIcon from "@mui/icons-material/Add";
import { Button, Stack, Typography } from "@mui/material";
import { useSnackbar } from "notistack";
import { useCallback, useState } from "react";
import { useSettingsBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { ConfirmDialog } from "../../../components/confirm-dialog/confirm-dialog";
import { useContextMenu } from "../../../components/context-menu/context-menu";
import { SectionTitle } from "../../../components/page-header/section-title";
import { DeleteError } from "../../../components/page-state/delete-error";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useDeleteGateway, useTestGateway } from "../api/gateways.api";
import { GatewayFormDialog } from "../components/gateway-form-dialog";
import { GatewayTable } from "../components/gateway-table";

type DialogState =
  | { kind: "create"; gatewayKind: GatewayKind }
  | { kind: "edit"; gateway: Gateway }
  | { kind: "delete"; gateway: Gateway }
  | null;

/** Settings → Integrations (spec 2 §2): the five kinds of gateway, one table each, in the spec's order. */
export function IntegrationsPage() {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  useSettingsBreadcrumbs({ label: t("settings.integrations") });
  const remove = useDeleteGateway();
  const test = useTestGateway();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [createKind, setCreateKind] = useState<GatewayKind>("sms");

  const openCreate = useCallback((gatewayKind: GatewayKind = "sms") => {
    setCreateKind(gatewayKind);
    setDialog({ kind: "create", gatewayKind });
  }, []);
  useContextMenu([{ key: "add", label: t("integrations.add"), icon: <AddIcon />, onClick: () => openCreate() }]);

  const runTest = (g: Gateway) =>
    test.mutate(g, {
      onSuccess: (r) => enqueueSnackbar(`${g.name}: ${r.message}`, { variant: r.ok ? "success" : "error" }),
      onError: (e) => enqueueSnackbar(errorMessage(e), { variant: "error" }),
    });

  const target = dialog?.kind === "delete" ? dialog.gateway : null;
  const testingId = test.isPending ? (test.variables?.id ?? null) : null;
  return (
    <>
      <SectionTitle
        title={t("settings.integrations")}
        subtitle={t("settings.integrations.text")}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => openCreate()} sx={{ display: { md: "none" } }}>
            {t("integrations.add")}
          </Button>
        }
      />
      <Stack spacing={3}>
        {GatewayKinds.map((kind) => (
          <GatewayTable
            key={kind}
            kind={kind}
            onAdd={openCreate}
            onEdit={(gateway) => setDialog({ kind: "edit", gateway })}
            onDelete={(gateway) => {
              remove.reset();
              setDialog({ kind: "delete", gateway });
            }}
            onTest={runTest}
            testingId={testingId}
          />
        ))}
      </Stack>
      <GatewayFormDialog
        open={dialog?.kind === "create" || dialog?.kind === "edit"}
        gateway={dialog?.kind === "edit" ? dialog.gateway : undefined}
        kind={createKind}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={!!target}
        message={
          <>
            <Typography>{t("common.deleteConfirm", { thing: target?.name ?? "" })}</Typography>
            {target && isLookupKind(target.kind) && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t("integrations.deleteLookupNote")}
              </Typography>
            )}
          </>
        }
        loading={remove.isPending}
        error={remove.error ? <DeleteError title={t("integrations.removeError")} error={remove.error} /> : undefined}
        onConfirm={() =>
          target &&
          remove.mutate(target, {
            onSuccess: (answer) => {
              enqueueSnackbar(answer?.message || t("integrations.deleted"), { variant: "success" });
              setDialog(null);
            },
          })
        }
        onClose={() => setDialog(null)}
      />
    </>
  );
}
