import ClearIcon from "@mui/icons-material/Clear";
import SearchIcon from "@mui/icons-material/Search";
import { IconButton, InputAdornment, TextField } from "@mui/material";
import { useEffect, useRef, useState } from "react";
import { useT } from "../../lib/i18n";

export const SEARCH_DEBOUNCE_MS = 500;

export interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}

/** Types freely, tells the owner 500 ms after the last keystroke, and follows outside changes (Back). */
export function SearchField({ value, onChange, placeholder }: SearchFieldProps) {
  const t = useT();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text;
      onChangeRef.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const clear = () => {
    setText("");
    sent.current = "";
    onChangeRef.current("");
  };

  return (
    <TextField
      type="search"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === "Escape" && text) clear();
      }}
      placeholder={placeholder ?? t("table.search")}
      sx={{ flex: { xs: "1 1 160px", sm: "0 1 280px" }, minWidth: 0, "& input::-webkit-search-cancel-button": { display: "none" } }}
      slotProps={{
        htmlInput: { "aria-label": placeholder ?? t("table.search") },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton size="small" edge="end" onClick={clear} aria-label={t("table.clearSearch")}>
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
