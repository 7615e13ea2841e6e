import type { MessageResponse } from "@leadflow/contracts";
import type { UseMutationResult } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useT } from "../../lib/i18n";
import { ConfirmDialog } from "../confirm-dialog/confirm-dialog";
import { useLastOpenValue } from "../form/use-last-open-value";
import { DeleteError } from "../page-state/delete-error";
import type { CrudSettingsConfig, NamedRecord } from "./crud-settings-config";

export interface CrudDeleteConfirmProps<T extends NamedRecord, X> {
  /** The record to delete; null closes the confirmation. */
  target: T | null;
  remove: UseMutationResult<MessageResponse, Error, number>;
  texts: CrudSettingsConfig<T, X>["remove"];
  extras: X;
  onClose: () => void;
}

/** 'Do you want to delete …?', the delete, its failure in the dialog and its toast. */
export function CrudDeleteConfirm<T extends NamedRecord, X>({ target, remove, texts, extras, onClose }: CrudDeleteConfirmProps<T, X>) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const entity = useLastOpenValue(!!target, target);
  const { Message } = texts;
  return (
    <ConfirmDialog
      open={!!target}
      message={entity && Message ? <Message entity={entity} extras={extras} /> : t("common.deleteConfirm", { thing: entity?.name ?? "" })}
      loading={remove.isPending}
      error={remove.error ? <DeleteError title={t(texts.error)} error={remove.error} /> : undefined}
      onConfirm={() =>
        target &&
        remove.mutate(target.id, {
          onSuccess: (answer) => {
            const text = texts.serverText === false ? undefined : answer?.message;
            enqueueSnackbar(text || t(texts.deleted), { variant: "success" });
            onClose();
          },
        })
      }
      onClose={onClose}
    />
  );
}
