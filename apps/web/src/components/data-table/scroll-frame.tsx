import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import { Box, IconButton, TableContainer } from "@mui/material";
import { alpha, type Theme } from "@mui/material/styles";
import { type ReactNode, useRef } from "react";
import { SCROLL_AFTER_ATTR, SCROLL_BEFORE_ATTR, useScrollEdges } from "./scroll-edges";

type Side = "before" | "after";

const attr = { before: SCROLL_BEFORE_ATTR, after: SCROLL_AFTER_ATTR } as const;
/** The after side ends at the pinned column: the visible part of the scrolling columns ends there. */
const inset = { before: "0px", after: "var(--pinned-width, 0px)" } as const;

/**
 * The part of a table cut off at either edge of its box fades out, under a shadow and a round chevron (the
 * settings tabs' scroll buttons, as MUI Tabs draw them): a column cut at the edge, or at a pinned column, reads as
 * "more this way" rather than as a clipped header. Shown only while that side has columns out of view.
 */
function ScrollCue({ side, onScroll }: { side: Side; onScroll: () => void }) {
  const edge = side === "before" ? "left" : "right";
  const shown = { [`[${attr[side]}] > &`]: { opacity: 1, visibility: "visible" } };
  const hidden = { opacity: 0, visibility: "hidden", transition: "opacity 150ms, visibility 150ms", zIndex: 3 } as const;
  return (
    <>
      <Box
        aria-hidden
        sx={(theme: Theme) => ({
          ...hidden,
          position: "absolute",
          top: 0,
          bottom: 0,
          [edge]: inset[side],
          width: 40,
          pointerEvents: "none",
          background: [
            `linear-gradient(to ${edge}, ${alpha("#0f172a", 0)} 32px, ${alpha("#0f172a", 0.12)})`,
            `linear-gradient(to ${edge}, ${alpha(theme.palette.background.paper, 0)}, ${alpha(theme.palette.background.paper, 0.92)} 32px)`,
          ].join(", "),
          ...shown,
        })}
      />
      <IconButton
        size="small"
        tabIndex={-1}
        aria-hidden
        onClick={onScroll}
        sx={{
          ...hidden,
          position: "absolute",
          top: "max(calc(var(--head-height, 0px) / 2), 16px)",
          transform: "translateY(-50%)",
          [edge]: `calc(${inset[side]} + 6px)`,
          p: 0.25,
          bgcolor: "background.paper",
          border: 1,
          borderColor: "divider",
          boxShadow: 1,
          "&:hover": { bgcolor: "background.paper", borderColor: "primary.main" },
          ...shown,
        }}
      >
        {side === "before" ? <ChevronLeftIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
      </IconButton>
    </>
  );
}

/**
 * The table's horizontal scroll area inside a frame that draws its scroll cues (useScrollEdges tells the frame
 * which sides have columns out of view); a chevron scrolls by most of what is in view.
 */
export function ScrollFrame({ dimmed, children }: { dimmed: boolean; children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  const area = useRef<HTMLDivElement>(null);
  useScrollEdges(frame, area);
  const scroll = (direction: 1 | -1) => {
    const el = area.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.6, behavior: "smooth" });
  };
  return (
    <Box ref={frame} sx={{ position: "relative" }}>
      <TableContainer
        ref={area}
        sx={{
          opacity: dimmed ? 0.6 : 1,
          transition: "opacity 150ms",
          // Focus and scrolling into view stop clear of the pinned column and of the cues' fade.
          scrollPaddingInline: "40px calc(var(--pinned-width, 0px) + 40px)",
        }}
      >
        {children}
      </TableContainer>
      <ScrollCue side="before" onScroll={() => scroll(-1)} />
      <ScrollCue side="after" onScroll={() => scroll(1)} />
    </Box>
  );
}
