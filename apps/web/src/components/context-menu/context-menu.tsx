import type React from "react";
import { useEffect, useId, useSyncExternalStore } from "react";
import { createOwnedStore, useOwnedStore } from "../../lib/ui-store";

export interface ContextMenuItem {
  key: string;
  label: string;
  icon?: React.ReactNode;
  onClick?: () => void;
  disabled?: boolean;
  /** Why the item is disabled (or what it does), shown as its tooltip. */
  hint?: string;
  danger?: boolean;
  children?: ContextMenuItem[];
  /**
   * A secondary action: on desktop it waits in the toolbar's More menu, so a screen's actions keep to one row
   * (the phone's menu lists every item anyway). Not for items with children.
   */
  more?: boolean;
}

export const contextMenuStore = createOwnedStore<ContextMenuItem[]>([]);

/**
 * A page declares its screen's actions; the layout shows them (a toolbar on desktop, a popover on mobile).
 * Pass the items for the current selection on every render; the latest call wins.
 */
export function useContextMenu(items: ContextMenuItem[]): void {
  const owner = useId();
  useEffect(() => {
    contextMenuStore.set(owner, items);
  });
  useEffect(() => () => contextMenuStore.release(owner), [owner]);
}

export function useContextMenuItems(): ContextMenuItem[] {
  return useOwnedStore(contextMenuStore);
}

/** How many mounted page headers show the toolbar themselves; the layout shows it only when none does. */
let slotClaims = 0;
const slotListeners = new Set<() => void>();
const notifySlot = () => {
  for (const l of slotListeners) l();
};

export function useClaimContextMenuSlot(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    slotClaims++;
    notifySlot();
    return () => {
      slotClaims--;
      notifySlot();
    };
  }, [active]);
}

export function useContextMenuSlotClaimed(): boolean {
  return useSyncExternalStore(
    (l) => {
      slotListeners.add(l);
      return () => slotListeners.delete(l);
    },
    () => slotClaims > 0,
    () => false,
  );
}
