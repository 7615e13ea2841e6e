import { Stack, TextField } from "@mui/material";
import { type ReactNode, useRef } from "react";
import { useController } from "react-hook-form";
import { insertAt } from "../model/insert-tag";
import type { Channel } from "../model/tags";
import { type ContentFieldsProps, fieldOf } from "./step-form-types";
import { TagChips } from "./tag-chips";

export interface MessageFieldProps extends Pick<ContentFieldsProps, "form" | "prefix" | "options" | "disabled"> {
  channel: Channel;
  label: string;
  maxLength: number;
  /** After every change, typed or inserted (the SMS form keeps the revenue token in step with `{{link}}`). */
  onText?: (text: string) => void;
  /** Under the field: the SMS counter. */
  children?: ReactNode;
}

/**
 * A message with its tag chips: a chip's placeholder goes where the caret was (replacing a selection), and the caret
 * lands right after it so typing goes on from there. A field never focused takes the tag at its end.
 */
export function MessageField({ form, prefix, options, channel, label, disabled, maxLength, onText, children }: MessageFieldProps) {
  const { field, fieldState } = useController({ control: form.control, name: fieldOf(prefix, "message") });
  const input = useRef<HTMLTextAreaElement | null>(null);
  const focused = useRef(false);
  const value = typeof field.value === "string" ? field.value : "";
  const set = (text: string) => {
    field.onChange(text);
    onText?.(text);
  };
  const insert = (tag: string) => {
    const el = input.current;
    const next = el && focused.current ? insertAt(value, tag, el.selectionStart, el.selectionEnd) : insertAt(value, tag);
    set(next.text);
    // After React has put the new text in the field: back to it, caret after the tag.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };
  return (
    <Stack spacing={1.5}>
      <TagChips channel={channel} attributes={options.attributes} disabled={disabled} onInsert={insert} />
      <TextField
        multiline
        minRows={4}
        maxRows={14}
        fullWidth
        label={label}
        name={field.name}
        value={value}
        disabled={disabled}
        onChange={(e) => set(e.target.value)}
        onFocus={() => {
          focused.current = true;
        }}
        onBlur={field.onBlur}
        inputRef={(el: HTMLTextAreaElement | null) => {
          input.current = el;
          field.ref(el);
        }}
        error={!!fieldState.error}
        helperText={fieldState.error?.message}
        slotProps={{ htmlInput: { maxLength, spellCheck: true } }}
      />
      {children}
    </Stack>
  );
}
