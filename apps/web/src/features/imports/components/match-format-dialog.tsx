import type { ImportUploadResponse } from "@leadflow/contracts";
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Skeleton,
  Stack,
  Typography,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useEffect, useRef, useState } from "react";
import { type LookupOptions, NO_LOOKUPS } from "../../../components/lookup-toggles/lookup-options";
import { LookupToggles } from "../../../components/lookup-toggles/lookup-toggles";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useLookupToggleGateways } from "../../lookups";
import { leadAttributesAllQuery, useStartImport } from "../api/imports.api";
import { attributesToCreate, initialRows, mappingProblems, type MappingRow as Row, syncRequest } from "../model/mapping";
import { MappingRow } from "./mapping-row";

export interface MatchFormatDialogProps {
  open: boolean;
  upload: ImportUploadResponse | null;
  onClose: () => void;
  onStarted: (started: { id: number; name: string }) => void;
}

/** Match Format: each heading → an attribute, 'Ignore' or 'New'; the lookup toggles; Continue starts the import. */
export function MatchFormatDialog({ open, upload, onClose, onStarted }: MatchFormatDialogProps) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const attributes = useQuery({ ...leadAttributesAllQuery(), enabled: open, staleTime: 0 });
  const gateways = useLookupToggleGateways(open);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [lookups, setLookups] = useState<LookupOptions>(NO_LOOKUPS);
  const [submitted, setSubmitted] = useState(false);
  const start = useStartImport();
  const warning = useRef<HTMLDivElement>(null);

  const all = attributes.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: pre-fill once per upload, when the attributes are known
  useEffect(() => {
    if (!open || !upload || !all) return;
    setRows((current) => current ?? initialRows(upload, all));
  }, [open, upload, !!all]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on close only
  useEffect(() => {
    if (open) return;
    setRows(null);
    setLookups(NO_LOOKUPS);
    setSubmitted(false);
    start.reset();
  }, [open]);

  const problems = rows && all ? mappingProblems(rows, all) : [];
  const needContact = problems.some((p) => p.kind === "needPhoneOrEmail");
  const consentTwice = new Set(problems.flatMap((p) => (p.kind === "consentTwice" ? [p.columnId] : [])));
  const busy = start.isPending;
  const name = upload?.data.name ?? "";

  const submit = () => {
    if (!upload || !rows || !all) return;
    setSubmitted(true);
    if (problems.length > 0) {
      // The rows may be long: bring the reason into view.
      requestAnimationFrame(() => warning.current?.scrollIntoView({ block: "nearest", behavior: "smooth" }));
      return;
    }
    const create = attributesToCreate(rows, all);
    start.mutate(
      {
        importId: upload.data.id,
        syncImportId: upload.data.sync_import.id,
        create,
        request: (created) => syncRequest(rows, all, created, lookups),
      },
      {
        onSuccess: (id) => {
          enqueueSnackbar(t("imports.started", { name }), { variant: "success" });
          onStarted({ id, name });
        },
      },
    );
  };

  const update = (index: number, row: Row) => setRows((current) => current?.map((r, i) => (i === index ? row : r)) ?? null);

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth scroll="paper" aria-labelledby="match-format-title">
      <DialogTitle id="match-format-title">{t("imports.matchTitle")}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1, wordBreak: "break-word" }}>
          {t("imports.matchIntro", { name })}
        </Typography>
        {attributes.error && <Alert severity="error">{errorMessage(attributes.error)}</Alert>}
        {!rows && !attributes.error && (
          <Stack spacing={1.5} sx={{ py: 1 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={48} />
            ))}
          </Stack>
        )}
        {rows && all && (
          <Stack divider={<Divider flexItem />}>
            {rows.map((row, i) => (
              <MappingRow
                key={row.columnId}
                row={row}
                attributes={all}
                disabled={busy}
                nameError={submitted}
                consentTwice={consentTwice.has(row.columnId)}
                onChange={(choice) => update(i, { ...row, choice })}
              />
            ))}
          </Stack>
        )}
        {submitted && needContact && (
          <Alert ref={warning} severity="warning" sx={{ mt: 1 }}>
            {t("imports.needPhoneOrEmail")}
          </Alert>
        )}
        {rows && (
          <>
            <Divider sx={{ my: 2 }} />
            <LookupToggles value={lookups} onChange={setLookups} gateways={gateways} disabled={busy} />
          </>
        )}
        {start.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(start.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {t("common.cancel")}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={busy || !rows}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t("common.continue")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
