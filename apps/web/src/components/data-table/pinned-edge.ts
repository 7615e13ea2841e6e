import { type RefObject, useEffect } from "react";

/** The header cell of the column pinned to the right edge (see cellSx). */
export const PINNED_CELL_ATTR = "data-pinned";
/** On the scroll area while the pinned column has other columns' content beneath it. */
export const PINNED_COVERS_ATTR = "data-pinned-covers";

/**
 * Whether content scrolls beneath a column pinned to the right edge: anywhere but fully scrolled to the right.
 * (Fully scrolled, the pinned column sits in its own place at the end of the table and covers nothing.)
 */
export function pinnedCoversContent(scrollLeft: number, clientWidth: number, scrollWidth: number): boolean {
  return scrollWidth - clientWidth - scrollLeft > 1;
}

/**
 * A pinned column overlays the columns it scrolls over: at the start of a table a little too wide for its page,
 * the last columns (a lead table's Revenue and Duplicates) sit beneath it and nothing says so. This keeps the
 * scroll area told: `--pinned-width` (the column's width, 0 when it is not pinned on this screen) is reserved as
 * the area's scroll padding, so focus and scrolling into view stop left of the column; and PINNED_COVERS_ATTR
 * gives the column its edge shadow while something is beneath it. Set on the element, not in React state: a
 * scroll is not a render.
 */
export function usePinnedEdge(ref: RefObject<HTMLElement | null>, enabled: boolean): void {
  useEffect(() => {
    const area = ref.current;
    if (!area || !enabled) return;
    const update = () => {
      const pinned = area.querySelector<HTMLElement>(`[${PINNED_CELL_ATTR}]`);
      const width = pinned && getComputedStyle(pinned).position === "sticky" ? pinned.offsetWidth : 0;
      area.style.setProperty("--pinned-width", `${width}px`);
      area.toggleAttribute(PINNED_COVERS_ATTR, width > 0 && pinnedCoversContent(area.scrollLeft, area.clientWidth, area.scrollWidth));
    };
    update();
    area.addEventListener("scroll", update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(area);
    if (area.firstElementChild) resized.observe(area.firstElementChild);
    return () => {
      area.removeEventListener("scroll", update);
      resized.disconnect();
    };
  }, [ref, enabled]);
}
