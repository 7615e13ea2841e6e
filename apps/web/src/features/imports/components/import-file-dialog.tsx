import type { ImportUploadResponse } from "@leadflow/contracts";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useAppConfig } from "../../../lib/app-config";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useDebounced } from "../../../lib/use-debounced";
import { importTargetsQuery, useEnsureImportTarget, useUploadImport } from "../api/imports.api";
import { type Choice, formatBytes, isAcceptedFile, listOptionsFor, targetProblem, withChosen } from "../model/import-target";
import { CreatableAutocomplete } from "./creatable-autocomplete";
import { DropZone } from "./drop-zone";

export interface ImportPreset {
  source?: { id: number; name: string };
  list?: { id: number; name: string };
}

export interface ImportFileDialogProps {
  open: boolean;
  preset?: ImportPreset;
  onClose: () => void;
  onUploaded: (upload: ImportUploadResponse) => void;
}

/** Import File: choose or create a source and a list, drop a file, Continue (creates what is new, then uploads). */
export function ImportFileDialog({ open, preset, onClose, onUploaded }: ImportFileDialogProps) {
  const t = useT();
  const config = useAppConfig();
  const [source, setSource] = useState<Choice | null>(null);
  const [list, setList] = useState<Choice | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const ensure = useEnsureImportTarget();
  const upload = useUploadImport();
  const targets = useQuery({ ...importTargetsQuery(useDebounced(search, 500)), enabled: open });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset once per opening
  useEffect(() => {
    if (!open) return;
    setSource(preset?.source ?? null);
    setList(preset?.list ?? null);
    setFile(null);
    setHint(null);
    setSearch("");
    setProgress(null);
    ensure.reset();
    upload.reset();
  }, [open, preset?.source?.id, preset?.list?.id]);

  // Lists as last seen per source: a later search must not take away the chosen source's lists.
  const listsBySource = useRef(new Map<number, { id: number; name: string }[]>()).current;
  for (const s of targets.data?.data ?? []) listsBySource.set(s.id, s.lists);
  const sourceOptions = withChosen(targets.data?.data ?? [], source);
  const problem = targetProblem(source, list);
  const busy = ensure.isPending || upload.isPending;
  const problemText = problem === "noSource" ? t("imports.selectSourceFirst") : problem === "noList" ? t("imports.selectListFirst") : null;

  const chooseFile = (f: File) => {
    if (!isAcceptedFile(f.name)) {
      setFile(null);
      setHint(t("imports.wrongType"));
      return;
    }
    const max = config.data?.import_max_bytes;
    if (max !== undefined && f.size > max) {
      setFile(null);
      setHint(t("imports.tooLarge", { size: formatBytes(max) }));
      return;
    }
    setHint(null);
    setFile(f);
  };

  const submit = async () => {
    if (problem) return setHint(problemText);
    if (!file) return setHint(t("imports.chooseFile"));
    setHint(null);
    try {
      const target = await ensure.mutateAsync({ source: source!, list: list! });
      // What was just created is now an existing record: a retry must not create it twice.
      setSource({ id: target.source.id, name: target.source.name });
      setList({ id: target.list.id, name: target.list.name });
      setProgress(0);
      const answer = await upload.mutateAsync({ listId: target.list.id, file, onProgress: setProgress });
      onUploaded(answer);
    } catch {
      setProgress(null);
    }
  };

  const failure = ensure.error ?? upload.error;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth aria-labelledby="import-file-title">
      <DialogTitle id="import-file-title">{t("imports.fileTitle")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{errorMessage(failure)}</Alert>}
          <CreatableAutocomplete
            label={t("imports.source")}
            options={sourceOptions}
            value={source}
            onChange={(next) => {
              setSource(next);
              if (next?.id !== source?.id || next?.id === null) setList(null);
              setHint(null);
            }}
            onSearch={setSearch}
            loading={targets.isFetching}
            disabled={busy}
            autoFocus={!preset?.source}
          />
          <CreatableAutocomplete
            label={t("imports.list")}
            options={withChosen(listOptionsFor(source, listsBySource), list)}
            value={list}
            onChange={(next) => {
              setList(next);
              setHint(null);
            }}
            disabled={busy || !source}
            helperText={source ? undefined : t("imports.listAfterSource")}
          />
          <DropZone file={file} onFile={chooseFile} disabled={!!problem || busy} onBlocked={() => setHint(problemText)} error={hint} />
          {progress !== null && (
            <Box>
              <Stack direction="row" sx={{ justifyContent: "space-between", mb: 0.5 }}>
                <Typography variant="caption" color="text.secondary">
                  {progress < 1 ? t("imports.uploading") : t("imports.reading")}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: "tabular-nums" }}>
                  {Math.round(progress * 100)}%
                </Typography>
              </Stack>
              <LinearProgress
                variant={progress < 1 ? "determinate" : "indeterminate"}
                value={progress * 100}
                aria-label={t("imports.uploading")}
              />
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {t("common.cancel")}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t("common.continue")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
