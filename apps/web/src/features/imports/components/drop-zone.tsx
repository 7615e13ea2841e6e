import InsertDriveFileOutlinedIcon from "@mui/icons-material/InsertDriveFileOutlined";
import UploadFileOutlinedIcon from "@mui/icons-material/UploadFileOutlined";
import { Box, Stack, Typography } from "@mui/material";
import { type DragEvent, type KeyboardEvent, useRef, useState } from "react";
import { useT } from "../../../lib/i18n";
import { ACCEPT_ATTRIBUTE, formatBytes } from "../model/import-target";

export interface DropZoneProps {
  file: File | null;
  onFile: (file: File) => void;
  /** Disabled zones still take a click, to say why (`onBlocked`). */
  disabled?: boolean;
  onBlocked?: () => void;
  error?: string | null;
}

/** Drag a file here or click to choose one (.csv, .tsv, .xlsx, .xml). */
export function DropZone({ file, onFile, disabled, onBlocked, error }: DropZoneProps) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const open = () => (disabled ? onBlocked?.() : input.current?.click());
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (disabled) return onBlocked?.();
    const dropped = e.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      open();
    }
  };

  const color = error ? "error.main" : over ? "primary.main" : "divider";
  return (
    <Box
      role="button"
      tabIndex={0}
      aria-disabled={disabled}
      aria-label={t("imports.dropLabel")}
      onClick={open}
      onKeyDown={onKey}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: "dashed",
        borderColor: color,
        borderRadius: 2,
        px: 2,
        py: 3,
        textAlign: "center",
        cursor: disabled ? "not-allowed" : "pointer",
        bgcolor: over ? "rgba(67,83,224,0.06)" : disabled ? "action.hover" : "background.paper",
        opacity: disabled ? 0.7 : 1,
        transition: "border-color 120ms, background-color 120ms",
        "&:focus-visible": { outline: 2, outlineColor: "primary.main", outlineOffset: 2 },
      }}
    >
      <input
        ref={input}
        type="file"
        hidden
        accept={ACCEPT_ATTRIBUTE}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          if (chosen) onFile(chosen);
          e.target.value = "";
        }}
      />
      {file ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", justifyContent: "center", minWidth: 0 }}>
          <InsertDriveFileOutlinedIcon color="primary" />
          <Box sx={{ minWidth: 0, textAlign: "left" }}>
            <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: "break-all" }}>
              {file.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {formatBytes(file.size)} · {t("imports.replaceFile")}
            </Typography>
          </Box>
        </Stack>
      ) : (
        <>
          <UploadFileOutlinedIcon color={disabled ? "disabled" : "primary"} sx={{ fontSize: 36 }} />
          <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }}>
            {t("imports.dropTitle")}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t("imports.dropTypes")}
          </Typography>
        </>
      )}
      {error && (
        <Typography variant="caption" color="error" sx={{ display: "block", mt: 1 }} role="alert">
          {error}
        </Typography>
      )}
    </Box>
  );
}
