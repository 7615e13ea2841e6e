import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import { Box, CircularProgress, InputAdornment, TextField, Typography } from "@mui/material";
import { useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { isUnchanged } from "../model/lead-values";

export interface InlineValueFieldProps {
  value: string;
  /** The attribute's name: the field's label for assistive tech. */
  label: string;
  /** Resolves once stored; a rejection's message shows under the field. */
  onSave: (value: string) => Promise<unknown>;
}

/** The server's word on a refused value: the field's own message, else the answer's message. */
function saveError(e: unknown): string {
  if (e instanceof ApiError) return e.errors?.value?.[0] ?? e.message;
  return errorMessage(e);
}

/**
 * A value edited in place: a click, Enter or Space opens the field; it is saved when focus
 * leaves it, Enter saves too, Escape gives up. Values are plain text: whatever markup they hold is shown as typed.
 */
export function InlineValueField({ value, label, onSave }: InlineValueFieldProps) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const display = useRef<HTMLDivElement>(null);
  const cancelled = useRef(false);
  // Enter saves, and the blur that may follow must not save twice: a ref sees the save at once, state a render later.
  const inFlight = useRef(false);

  const open = () => {
    setDraft(value);
    setError(null);
    cancelled.current = false;
    setEditing(true);
  };
  const close = () => {
    setEditing(false);
    setError(null);
    // Back to the text, so the keyboard carries on from where it was; unless the user has moved on to another control.
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body) display.current?.focus();
    });
  };

  const commit = async () => {
    if (cancelled.current || inFlight.current) return;
    if (isUnchanged(value, draft)) return close();
    inFlight.current = true;
    setSaving(true);
    try {
      await onSave(draft.trim());
      close();
    } catch (e) {
      setError(saveError(e));
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  if (editing) {
    return (
      <TextField
        autoFocus
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          setError(null);
        }}
        onBlur={() => void commit()}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            void commit();
          } else if (e.key === "Escape") {
            e.stopPropagation();
            cancelled.current = true;
            close();
          }
        }}
        error={!!error}
        helperText={error ?? t("leads.editHint")}
        slotProps={{
          // Read-only, not disabled, while saving: a disabled field would drop the focus (and a refusal's fix with it).
          htmlInput: { "aria-label": label, maxLength: 2000, readOnly: saving, "aria-busy": saving },
          input: {
            endAdornment: saving ? (
              <InputAdornment position="end">
                <CircularProgress size={16} aria-label={t("leads.saving")} />
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
    );
  }

  return (
    <Box
      ref={display}
      role="button"
      tabIndex={0}
      aria-label={t("leads.editValue", { name: label, value })}
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          open();
        }
      }}
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 0.75,
        minHeight: 40,
        px: 1.5,
        mx: -1.5,
        borderRadius: 1,
        cursor: "text",
        "& .edit-icon": { opacity: 0, transition: "opacity 120ms" },
        "&:hover, &:focus-visible": { bgcolor: "action.hover", "& .edit-icon": { opacity: 1 } },
        "&:focus-visible": { outline: 2, outlineColor: "primary.main", outlineStyle: "solid" },
      }}
    >
      <Typography
        component="span"
        sx={{ flex: 1, minWidth: 0, overflowWrap: "anywhere", fontWeight: 500, color: value ? "text.primary" : "text.disabled" }}
      >
        {value || t("leads.empty.value")}
      </Typography>
      <EditOutlinedIcon className="edit-icon" fontSize="small" sx={{ color: "text.secondary" }} />
    </Box>
  );
}
