import { Autocomplete, Chip, TextField } from "@mui/material";
import { type ClipboardEvent, useState } from "react";
import { addEmails, splitDraft, splitEmails } from "../model/email-list";

export interface EmailChipsInputProps {
  value: string[];
  onChange: (emails: string[]) => void;
  onBlur?: () => void;
  label: string;
  placeholder?: string;
  hint?: string;
  /** The list's own error (none, too many). */
  error?: string;
  /** Per chip: the server's message for that address, which marks the chip. */
  itemErrors?: readonly (string | undefined)[];
  disabled?: boolean;
}

const mono = { fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace" };

/**
 * Addresses as chips: Enter, a comma or a space ends one; a pasted list (commas, semicolons, new lines) becomes
 * chips at once; leaving the field keeps what was typed. The server checks the addresses (it names a bad one).
 */
export function EmailChipsInput({
  value,
  onChange,
  onBlur,
  label,
  placeholder,
  hint,
  error,
  itemErrors = [],
  disabled,
}: EmailChipsInputProps) {
  const [draft, setDraft] = useState("");
  const firstItemError = itemErrors.find(Boolean);
  const message = error ?? firstItemError;
  const commitDraft = () => {
    const typed = splitEmails(draft);
    if (typed.length > 0) onChange(addEmails(value, typed));
    setDraft("");
  };
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={[]}
      value={value}
      inputValue={draft}
      disabled={disabled}
      // Enter adds the typed text (MUI), a chip's delete removes one: either way the list is the new value.
      onChange={(_e, next) => onChange(addEmails([], next.flatMap(splitEmails)))}
      onInputChange={(_e, text, reason) => {
        if (reason === "reset") return setDraft("");
        const { complete, rest } = splitDraft(text);
        if (complete.length > 0) onChange(addEmails(value, complete));
        setDraft(rest);
      }}
      onBlur={() => {
        commitDraft();
        onBlur?.();
      }}
      renderValue={(emails, getItemProps) =>
        emails.map((email, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              {...itemProps}
              size="small"
              label={email}
              color={itemErrors[index] ? "error" : "default"}
              variant={itemErrors[index] ? "filled" : "outlined"}
              title={itemErrors[index]}
              sx={mono}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={value.length === 0 ? placeholder : undefined}
          error={!!message}
          helperText={message ?? hint}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              autoComplete: "off",
              spellCheck: false,
              // A single-line input drops a pasted list's line breaks (gluing the addresses): split it here instead.
              onPaste: (e: ClipboardEvent<HTMLInputElement>) => {
                const text = e.clipboardData.getData("text");
                if (!/[\s,;]/.test(text.trim())) return;
                e.preventDefault();
                onChange(addEmails(value, splitEmails(`${draft}${text}`)));
                setDraft("");
              },
            },
          }}
        />
      )}
    />
  );
}
