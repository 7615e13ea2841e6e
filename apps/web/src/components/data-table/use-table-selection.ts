import { useCallback, useState } from "react";
import { noSelection, type ScopedSelection, selectionInScope, type TableSelection } from "./selection";
import type { RowId } from "./types";

/**
 * A selection that spans pages, owned by a table's page: ticks persist across pages and page sizes until cleared;
 * a new `scope` (the search and filters, never the cursor or the limit) starts empty, as does Back to another query.
 */
export function useTableSelection<K extends RowId>(scope: string): [TableSelection<K>, (selection: TableSelection<K>) => void] {
  const [held, setHeld] = useState<ScopedSelection<K>>({ scope, selection: noSelection });
  const set = useCallback((selection: TableSelection<K>) => setHeld({ scope, selection }), [scope]);
  return [selectionInScope(held, scope), set];
}
