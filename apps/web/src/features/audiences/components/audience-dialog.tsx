import { zodResolver } from "@hookform/resolvers/zod";
import { CreateSegment, type Segment, type SegmentFilters } from "@leadflow/contracts";
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Stack,
  Switch,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { FormTextField } from "../../../components/form/form-text-field";
import { ApiError } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { completeFilters, FilterBuilder } from "../filter-builder/filter-builder";
import {
  type AudienceDialogMode,
  dialogTexts,
  initialDraft,
  previewParentId,
  sameFilters,
  savePlan,
  splitErrors,
} from "../model/audience-dialog";
import { PreviewCount } from "./preview-count";
import { PartialCloneError, useSaveAudience } from "./use-save-audience";

/** Name and flag; the name reuses the contract's rule, so the form says what the server would. */
const Fields = z.object({ name: CreateSegment.shape.name, dynamic: z.boolean() });
type Fields = z.infer<typeof Fields>;

export interface AudienceDialogProps {
  open: boolean;
  mode: AudienceDialogMode;
  onClose: () => void;
  /** After a create, duplicate or edit: the page may open the new segment. */
  onSaved?: (segment: Segment, mode: AudienceDialogMode) => void;
}

const modeKey = (m: AudienceDialogMode) =>
  m.kind === "createChild" ? `child:${m.parent.id}` : m.kind === "create" ? "create" : `${m.kind}:${m.segment.id}`;

/** Create, edit, duplicate or create a child segment: name, 'Update dynamically' and the filter builder. */
export function AudienceDialog({ open, mode: given, onClose, onSaved }: AudienceDialogProps) {
  const t = useT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveAudience();
  // A duplicate whose filters were refused carries on as an edit of the copy.
  const [copy, setCopy] = useState<Segment | null>(null);
  const mode: AudienceDialogMode = copy ? { kind: "edit", segment: copy } : given;
  const [filters, setFilters] = useState<SegmentFilters>(() => initialDraft(given, String).filters);
  const [applied, setApplied] = useState<SegmentFilters | null>(null);
  const [filterErrors, setFilterErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<Fields>({
    resolver: zodResolver(Fields),
    mode: "onTouched",
    defaultValues: { name: "", dynamic: true },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the mode (pages pass a new object each render)
  useEffect(() => {
    if (!open) return;
    const draft = initialDraft(given, (name) => t("audiences.dialog.copyName", { name }));
    reset({ name: draft.name, dynamic: draft.dynamic });
    setFilters(draft.filters);
    setApplied(given.kind === "edit" || given.kind === "duplicate" ? given.segment.filters : null);
    setFilterErrors({});
    setFormError(null);
    setCopy(null);
  }, [open, modeKey(given), reset]);

  const showErrors = (e: unknown, lead?: string) => {
    const split = splitErrors(e instanceof ApiError ? e.errors : undefined);
    if (split.name) setError("name", { type: "server", message: split.name });
    setFilterErrors(split.filters);
    const fielded = !!split.name || Object.keys(split.filters).length > 0;
    const other = split.other.length ? split.other.join(" ") : fielded ? null : errorMessage(e);
    setFormError([lead, other].filter(Boolean).join(" ") || null);
  };

  const submit = handleSubmit(async (fields) => {
    setFormError(null);
    setFilterErrors({});
    try {
      // What is sent is what the builder shows from now on, so the server's `group.index` errors land on their rows.
      const complete = completeFilters(filters);
      setFilters(complete);
      const { segment, message } = await save.run(savePlan(mode, fields, complete));
      enqueueSnackbar(message || t("audiences.dialog.saved"), { variant: "success" });
      onSaved?.(segment, given);
      onClose();
    } catch (e) {
      if (e instanceof PartialCloneError) {
        setCopy(e.clone);
        showErrors(e.reason, t("audiences.dialog.cloneFiltersFailed"));
      } else showErrors(e);
    }
  });

  const texts = dialogTexts(mode);
  const parentId = previewParentId(mode);
  const parentName = mode.kind === "createChild" ? mode.parent.name : mode.kind === "create" ? null : mode.segment.parent?.name;
  const stale = !!applied && !sameFilters(completeFilters(filters), applied);
  const busy = save.busy;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      scroll="paper"
      // The filter builder needs room: wider than the product's 496 px form dialogs.
      slotProps={{ paper: { sx: { maxWidth: phone ? "none" : 960 } } }}
      aria-labelledby="audience-dialog-title"
    >
      <DialogTitle id="audience-dialog-title">{t(texts.title)}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
            <FormTextField
              name="name"
              control={control}
              label={t("audiences.dialog.name")}
              placeholder={t("audiences.dialog.namePlaceholder")}
              hint={parentName ? t("audiences.dialog.within", { name: parentName }) : undefined}
              required
              autoFocus
              disabled={busy}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { maxLength: 191, autoComplete: "off" } }}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  void submit();
                }
              }}
            />
            <Controller
              name="dynamic"
              control={control}
              render={({ field }) => (
                <Stack sx={{ flex: 1, pt: { sm: 1 } }}>
                  <FormControlLabel
                    label={t("audiences.dialog.dynamic")}
                    disabled={busy}
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(e) => field.onChange(e.target.checked)}
                        onBlur={field.onBlur}
                        name={field.name}
                      />
                    }
                  />
                  <FormHelperText sx={{ mt: 0, mx: 0 }}>{t("audiences.dialog.dynamicHint")}</FormHelperText>
                </Stack>
              )}
            />
          </Stack>
          <Typography variant="subtitle2" component="h3">
            {t("audiences.dialog.filters")}
          </Typography>
          <FilterBuilder
            value={filters}
            onChange={(next) => {
              setFilters(next);
              setFilterErrors({});
            }}
            errors={filterErrors}
            onApply={(complete) => setApplied(complete)}
            disabled={busy}
          />
          <PreviewCount applied={applied ? { filters: applied, ...(parentId ? { parent_id: parentId } : {}) } : null} stale={stale} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {t("common.cancel")}
        </Button>
        <Button
          onClick={() => void submit()}
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t(texts.submit)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
