import { type LeadAttribute, RandomPlaceholderRange, randomPlaceholder } from "@leadflow/contracts";
import ArrowDropDownIcon from "@mui/icons-material/ArrowDropDown";
import { Button, Chip, Menu, MenuItem, Popover, Stack, TextField } from "@mui/material";
import { useRef, useState } from "react";
import { type MessageKey, useT } from "../../../../lib/i18n";
import { attributeTag, BuiltInTags, type Channel, randomBounds } from "../model/tags";

export interface TagChipsProps {
  channel: Channel;
  attributes: readonly LeadAttribute[];
  disabled?: boolean;
  onInsert: (tag: string) => void;
}

const bounds = randomBounds();

/** The random number's bounds (100 to 5000 by 500), then Insert. */
function RandomChip({ disabled, onInsert }: { disabled?: boolean; onInsert: (tag: string) => void }) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [from, setFrom] = useState<number>(RandomPlaceholderRange.min);
  const [to, setTo] = useState<number>(RandomPlaceholderRange.max);
  const insert = () => {
    setAnchor(null);
    onInsert(randomPlaceholder(Math.min(from, to), Math.max(from, to)));
  };
  const select = (label: string, value: number, set: (n: number) => void) => (
    <TextField select size="small" label={label} value={value} onChange={(e) => set(Number(e.target.value))} sx={{ minWidth: 96 }}>
      {bounds.map((b) => (
        <MenuItem key={b} value={b}>
          {b}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <>
      <Chip
        size="small"
        variant="outlined"
        label={t("campaigns.steps.tag.random")}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={disabled}
        aria-haspopup="dialog"
      />
      <Popover open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: "bottom", horizontal: "left" }}>
        <Stack direction="row" spacing={1} sx={{ p: 1.5, alignItems: "center" }}>
          {select(t("campaigns.steps.tag.randomFrom"), from, setFrom)}
          {select(t("campaigns.steps.tag.randomTo"), to, setTo)}
          <Button variant="contained" size="small" onClick={insert}>
            {randomPlaceholder(Math.min(from, to), Math.max(from, to))}
          </Button>
        </Stack>
      </Popover>
    </>
  );
}

/** Lead attributes in a menu: a team may have dozens, too many for chips in a side panel. */
function AttributesChip({
  attributes,
  disabled,
  onInsert,
}: {
  attributes: readonly LeadAttribute[];
  disabled?: boolean;
  onInsert: (tag: string) => void;
}) {
  const t = useT();
  const chip = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  if (attributes.length === 0) return null;
  return (
    <>
      <Chip
        ref={chip}
        size="small"
        variant="outlined"
        label={t("campaigns.steps.tag.attributes")}
        onClick={() => setOpen(true)}
        // The delete slot is the chip's only end icon: here it is the menu's arrow, and opens it too.
        onDelete={() => setOpen(true)}
        deleteIcon={<ArrowDropDownIcon aria-hidden />}
        disabled={disabled}
        aria-haspopup="menu"
      />
      <Menu anchorEl={chip.current} open={open} onClose={() => setOpen(false)} slotProps={{ paper: { sx: { maxHeight: 320 } } }}>
        {attributes.map((a) => (
          <MenuItem
            key={a.id}
            dense
            onClick={() => {
              setOpen(false);
              onInsert(attributeTag(a.slug));
            }}
          >
            {a.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The tag chips over a message (docs/product/campaigns.md): each puts its placeholder where the caret is. */
export function TagChips({ channel, attributes, disabled, onInsert }: TagChipsProps) {
  const t = useT();
  return (
    <Stack direction="row" role="group" aria-label={t("campaigns.steps.tags")} sx={{ flexWrap: "wrap", gap: 0.75 }}>
      {BuiltInTags[channel].map((tag) => (
        <Chip
          key={tag.key}
          size="small"
          variant="outlined"
          label={t(`campaigns.steps.tag.${tag.key}` as MessageKey)}
          onClick={() => onInsert(tag.tag)}
          disabled={disabled}
        />
      ))}
      {channel === "sms" && <RandomChip disabled={disabled} onInsert={onInsert} />}
      <AttributesChip attributes={attributes} disabled={disabled} onInsert={onInsert} />
    </Stack>
  );
}
