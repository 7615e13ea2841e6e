import { Box, Link, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useT } from "../../../lib/i18n";

export interface ExpandableListProps {
  items: readonly string[];
  /** The toggle's text while collapsed, from the number hidden: "+3 more" or "+3". */
  moreLabel: (hidden: number) => string;
  /** Addresses and user names read best in a fixed-width face. */
  monospace?: boolean;
}

const mono = { fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", fontSize: "0.8125rem" };

/** A cell's list: the first item and "+N more"; the toggle shows the rest inline in the row (and hides them again). */
export function ExpandableList({ items, moreLabel, monospace }: ExpandableListProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (items.length === 0) return <Typography color="text.disabled">—</Typography>;
  const hidden = items.length - 1;
  const toggle = hidden > 0 && (
    <Link
      component="button"
      type="button"
      variant="body2"
      onClick={() => setOpen(!open)}
      aria-expanded={open}
      // The visible "+2" says little to a screen reader: the name keeps it and adds what it does.
      aria-label={open ? undefined : `${moreLabel(hidden)}, ${t("emailGroups.showAll", { count: items.length })}`}
      sx={{ whiteSpace: "nowrap", alignSelf: "flex-start" }}
    >
      {open ? t("emailGroups.less") : moreLabel(hidden)}
    </Link>
  );
  const text = (item: string) => (
    <Typography variant="body2" component="span" sx={{ ...(monospace ? mono : {}), wordBreak: "break-all" }}>
      {item}
    </Typography>
  );
  if (!open) {
    return (
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "baseline", columnGap: 1, minWidth: 0 }}>
        {text(items[0]!)}
        {toggle}
      </Box>
    );
  }
  return (
    <Stack spacing={0.25} sx={{ minWidth: 0 }}>
      {items.map((item) => (
        <Box key={item}>{text(item)}</Box>
      ))}
      {toggle}
    </Stack>
  );
}
