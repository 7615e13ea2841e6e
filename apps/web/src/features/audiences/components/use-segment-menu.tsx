import type { Segment } from "@leadflow/contracts";
import ContentCopyIcon from "@mui/icons-material/ContentCopyOutlined";
import CreateNewFolderIcon from "@mui/icons-material/CreateNewFolderOutlined";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import FileDownloadIcon from "@mui/icons-material/FileDownloadOutlined";
import { Stack, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog/confirm-dialog";
import type { ContextMenuItem } from "../../../components/context-menu/context-menu";
import { DeleteError } from "../../../components/page-state/delete-error";
import { useAccountPath } from "../../../lib/account-context";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { ExportSegmentDialog } from "../../exports";
import { segmentKeys, useDeleteSegment } from "../api/segments.api";
import type { AudienceDialogMode } from "../model/audience-dialog";
import { segmentLeadsPath } from "../model/segment-paths";
import { AudienceDialog } from "./audience-dialog";
import { type ExportView, useExportView } from "./use-export-view";

export interface SegmentMenu {
  menuItems: ContextMenuItem[];
  dialogs: ReactNode;
  /** Opens the Create Segment dialog (the Segments tab's button). */
  createSegment: () => void;
}

/**
 * A segment page's context menu: Export as CSV, Edit, Duplicate, for an audience Create Segment, and
 * Delete; with the dialogs they open.
 */
export function useSegmentMenu(segment: Segment | undefined, segmentId: number): SegmentMenu {
  const t = useT();
  const p = useAccountPath();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeleteSegment();
  const readExportView = useExportView(segmentId);
  // The last mode stays while the dialog closes, so it fades out with its content.
  const [dialog, setDialog] = useState<{ mode: AudienceDialogMode; open: boolean } | null>(null);
  const [exporting, setExporting] = useState<{ view: ExportView; open: boolean } | null>(null);
  const [preparingExport, setPreparingExport] = useState(false);
  const [confirming, setConfirming] = useState(false);

  if (!segment) return { menuItems: [], dialogs: null, createSegment: () => {} };
  const isChild = !!segment.parent_id;

  const openExport = async () => {
    setPreparingExport(true);
    try {
      setExporting({ view: await readExportView(), open: true });
    } catch (e) {
      enqueueSnackbar(errorMessage(e), { variant: "error" });
    } finally {
      setPreparingExport(false);
    }
  };
  const closeExport = () => setExporting((e) => e && { ...e, open: false });
  // A queued export shows as 'Generating file...' on this page.
  const exported = () => void qc.invalidateQueries({ queryKey: segmentKeys.detail(segment.id) });
  const openDialog = (mode: AudienceDialogMode) => setDialog({ mode, open: true });
  const createSegment = () => openDialog({ kind: "createChild", parent: segment });
  const leave = () => navigate(p(isChild ? `audiences/${segment.parent_id}/segments` : ""), { replace: true });

  // Export and Edit stay in view; the rest wait in More, so an audience and a segment show one layout on one row.
  const menuItems: ContextMenuItem[] = [
    {
      key: "export",
      label: t("audiences.exportCsv"),
      icon: <FileDownloadIcon />,
      disabled: preparingExport,
      onClick: () => void openExport(),
    },
    { key: "edit", label: t("audiences.edit"), icon: <EditOutlinedIcon />, onClick: () => openDialog({ kind: "edit", segment }) },
    {
      key: "duplicate",
      label: t("audiences.duplicate"),
      icon: <ContentCopyIcon />,
      more: true,
      onClick: () => openDialog({ kind: "duplicate", segment }),
    },
    ...(isChild
      ? []
      : [{ key: "createSegment", label: t("audiences.createSegment"), icon: <CreateNewFolderIcon />, more: true, onClick: createSegment }]),
    {
      key: "delete",
      label: t("audiences.delete"),
      icon: <DeleteOutlinedIcon />,
      danger: true,
      more: true,
      onClick: () => {
        remove.reset();
        setConfirming(true);
      },
    },
  ];

  const dialogs = (
    <>
      {dialog && (
        <AudienceDialog
          open={dialog.open}
          mode={dialog.mode}
          onClose={() => setDialog({ ...dialog, open: false })}
          onSaved={(saved, mode) => {
            if (mode.kind !== "edit") navigate(p(segmentLeadsPath(saved)));
          }}
        />
      )}
      {exporting && (
        <ExportSegmentDialog
          open={exporting.open}
          onClose={closeExport}
          onExported={exported}
          segmentId={segment.id}
          segmentName={segment.name}
          attributes={exporting.view.attributes}
          search={exporting.view.search}
          order={exporting.view.order}
          status={exporting.view.status}
        />
      )}
      <ConfirmDialog
        open={confirming}
        message={
          <Stack spacing={1}>
            <Typography>{t("audiences.deleteConfirm", { name: segment.name })}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t(isChild ? "audiences.deleteSegmentWarning" : "audiences.deleteAudienceWarning")}
            </Typography>
          </Stack>
        }
        loading={remove.isPending}
        error={remove.error ? <DeleteError title={t("audiences.removeError")} error={remove.error} /> : undefined}
        onConfirm={() =>
          remove.mutate(segment.id, {
            // The page names what went: the server's message calls every kind a segment.
            onSuccess: () => {
              enqueueSnackbar(t(isChild ? "audiences.segmentDeleted" : "audiences.deleted"), { variant: "success" });
              leave();
            },
          })
        }
        onClose={() => setConfirming(false)}
      />
    </>
  );
  return { menuItems, dialogs, createSegment };
}
