import { type RefObject, useEffect } from "react";

/** The header cell of the column pinned to the right edge (see cellSx). */
export const PINNED_CELL_ATTR = "data-pinned";
/** On the table's frame while columns are out of view before (left of) or after (right of) the visible part. */
export const SCROLL_BEFORE_ATTR = "data-scroll-before";
export const SCROLL_AFTER_ATTR = "data-scroll-after";

/** Which sides of a horizontally scrolling area hold content out of view (sub-pixel rounding is not content). */
export function scrollEdges(scrollLeft: number, clientWidth: number, scrollWidth: number): { before: boolean; after: boolean } {
  return { before: scrollLeft > 1, after: scrollWidth - clientWidth - scrollLeft > 1 };
}

/**
 * Tells the frame around a table's scroll area what its scroll cues need, as attributes and CSS variables on the
 * element rather than React state (a scroll is not a render):
 * - SCROLL_BEFORE_ATTR / SCROLL_AFTER_ATTR while columns are out of view on that side;
 * - `--pinned-width`: the pinned column's width (0 when nothing is pinned on this screen). The visible part of
 *   the scrolling columns ends there, so the cue after them sits at the pin's left edge, and the area's scroll
 *   padding keeps focus and scrolling into view clear of the pin;
 * - `--head-height`: where the header row ends, to center the scroll buttons on it.
 */
export function useScrollEdges(frame: RefObject<HTMLElement | null>, area: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const box = frame.current;
    const scroller = area.current;
    if (!box || !scroller) return;
    const update = () => {
      const pinned = scroller.querySelector<HTMLElement>(`[${PINNED_CELL_ATTR}]`);
      const pinnedWidth = pinned && getComputedStyle(pinned).position === "sticky" ? pinned.offsetWidth : 0;
      const head = scroller.querySelector("thead");
      box.style.setProperty("--pinned-width", `${pinnedWidth}px`);
      box.style.setProperty("--head-height", `${head?.offsetHeight ?? 0}px`);
      const edges = scrollEdges(scroller.scrollLeft, scroller.clientWidth, scroller.scrollWidth);
      box.toggleAttribute(SCROLL_BEFORE_ATTR, edges.before);
      box.toggleAttribute(SCROLL_AFTER_ATTR, edges.after);
    };
    update();
    scroller.addEventListener("scroll", update, { passive: true });
    // The table changes size as rows load, columns are hidden or the window is resized.
    const resized = new ResizeObserver(update);
    resized.observe(scroller);
    if (scroller.firstElementChild) resized.observe(scroller.firstElementChild);
    return () => {
      scroller.removeEventListener("scroll", update);
      resized.disconnect();
    };
  }, [frame, area]);
}
