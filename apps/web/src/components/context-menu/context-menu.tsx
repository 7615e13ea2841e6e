import type React from "react";
import { useEffect, useId } from "react";
import { createOwnedStore, useOwnedStore } from "../../lib/ui-store";

export interface ContextMenuItem {
  key: string;
  label: string;
  icon?: React.ReactNode;
  onClick?: () => void;
  disabled?: boolean;
  danger?: boolean;
  children?: ContextMenuItem[];
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
