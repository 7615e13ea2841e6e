import type { Gateway } from "@leadflow/contracts";
import { useSnackbar } from "notistack";
import { ConfirmDialog } from "../../../components/confirm-dialog/confirm-dialog";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { usePutBackInRotation } from "../api/gateways.api";

/** Asks before putting a gateway and its senders back in rotation; the answer shows as a toast. */
export function PutBackDialog({ gateway, onClose }: { gateway: Gateway | null; onClose: () => void }) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const putBack = usePutBackInRotation();
  return (
    <ConfirmDialog
      open={gateway !== null}
      title={t("integrations.putBackTitle")}
      message={t("integrations.putBackText", { name: gateway?.name ?? "" })}
      confirmLabel={t("integrations.putBack")}
      danger={false}
      loading={putBack.isPending}
      error={putBack.error ? errorMessage(putBack.error) : undefined}
      onClose={() => {
        putBack.reset();
        onClose();
      }}
      onConfirm={() =>
        gateway &&
        putBack.mutate(gateway, {
          onSuccess: (answer) => {
            enqueueSnackbar(answer.message, { variant: "success" });
            onClose();
          },
        })
      }
    />
  );
}
