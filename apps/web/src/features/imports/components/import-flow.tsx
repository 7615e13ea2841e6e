import type { ImportUploadResponse } from "@leadflow/contracts";
import { useEffect, useState } from "react";
import { useDiscardImport } from "../api/imports.api";
import { ImportFileDialog, type ImportPreset } from "./import-file-dialog";
import { ImportProgressDialog } from "./import-progress-dialog";
import { MatchFormatDialog } from "./match-format-dialog";

export interface ImportFlowProps {
  open: boolean;
  /** The source (and list) of the page the flow starts from. */
  preset?: ImportPreset;
  onClose: () => void;
}

/** Import File → Match Format → import progress (docs/product/accounts-sources-leads.md), one dialog at a time. */
export function ImportFlow({ open, preset, onClose }: ImportFlowProps) {
  const [upload, setUpload] = useState<ImportUploadResponse | null>(null);
  const [started, setStarted] = useState<{ id: number; name: string } | null>(null);
  const discard = useDiscardImport();
  const cancelMatch = () => {
    if (upload) discard.mutate(upload.data.id);
    onClose();
  };

  useEffect(() => {
    if (!open) return;
    setUpload(null);
    setStarted(null);
  }, [open]);

  const step = !open ? null : started ? "progress" : upload ? "match" : "file";
  return (
    <>
      <ImportFileDialog open={step === "file"} preset={preset} onClose={onClose} onUploaded={setUpload} />
      <MatchFormatDialog open={step === "match"} upload={upload} onClose={cancelMatch} onStarted={setStarted} />
      {started && <ImportProgressDialog open={step === "progress"} importId={started.id} fileName={started.name} onClose={onClose} />}
    </>
  );
}
