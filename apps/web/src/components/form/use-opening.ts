import { useState } from "react";

/**
 * Counts openings during render, so a form keyed by it starts afresh each time its dialog or panel opens, without an
 * effect that resets it.
 */
export function useOpening(open: boolean): number {
  const [seen, setSeen] = useState({ open, count: open ? 1 : 0 });
  if (seen.open === open) return seen.count;
  const count = open ? seen.count + 1 : seen.count;
  setSeen({ open, count });
  return count;
}
