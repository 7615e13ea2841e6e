import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import InboxOutlinedIcon from "@mui/icons-material/InboxOutlined";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import { Button, Skeleton, TableBody, TableCell, TableRow } from "@mui/material";
import { errorMessage } from "../../lib/errors";
import { useT } from "../../lib/i18n";
import { EmptyState } from "../empty-state/empty-state";
import { cellSx } from "./cell-sx";
import { DataTableRow } from "./data-table-row";
import { isRowSelected, type TableSelection } from "./selection";
import type { ResolvedColumn, RowId } from "./types";

export interface DataTableBodyProps<T, K extends RowId> {
  rows: readonly T[] | undefined;
  columns: readonly ResolvedColumn<T>[];
  getRowId: (row: T) => K;
  rowHref?: (row: T) => string | undefined;
  rowNewWindow?: boolean;
  onRowClick?: (row: T) => void;
  /** Absent when rows are not selectable. */
  selection: TableSelection<K> | undefined;
  onToggle: (id: K) => void;
  loading: boolean;
  skeletonRows: number;
  error: unknown;
  onRetry: () => void;
  emptyText: string;
  search: string;
  onClearSearch: () => void;
}

function FullRow({ span, children }: { span: number; children: React.ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={span} sx={{ borderBottom: 0 }}>
        {children}
      </TableCell>
    </TableRow>
  );
}

export function DataTableBody<T, K extends RowId>(props: DataTableBodyProps<T, K>) {
  const {
    rows,
    columns,
    getRowId,
    rowHref,
    rowNewWindow,
    onRowClick,
    selection,
    onToggle,
    loading,
    skeletonRows,
    error,
    onRetry,
    emptyText,
    search,
    onClearSearch,
  } = props;
  const t = useT();
  const selectable = !!selection;
  const span = columns.length + (selectable ? 1 : 0);

  if (!rows && loading) {
    return (
      <TableBody aria-busy="true">
        {Array.from({ length: skeletonRows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <TableRow key={i}>
            {selectable && (
              <TableCell padding="checkbox">
                <Skeleton variant="rounded" width={18} height={18} sx={{ mx: "auto" }} />
              </TableCell>
            )}
            {columns.map((c, ci) => (
              <TableCell key={c.key} align={c.align} sx={cellSx(c)}>
                <Skeleton
                  variant="text"
                  width={ci === 0 ? `${55 + ((i * 17) % 35)}%` : "60%"}
                  sx={{ ml: c.align === "right" ? "auto" : undefined, fontSize: "0.875rem" }}
                />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    );
  }

  if (!rows && error) {
    return (
      <TableBody>
        <FullRow span={span}>
          <EmptyState
            bare
            icon={<ErrorOutlineIcon color="error" />}
            title={t("table.loadError")}
            text={errorMessage(error)}
            action={
              <Button variant="outlined" size="small" onClick={onRetry}>
                {t("table.retry")}
              </Button>
            }
          />
        </FullRow>
      </TableBody>
    );
  }

  if (!rows || rows.length === 0) {
    return (
      <TableBody>
        <FullRow span={span}>
          {search ? (
            <EmptyState
              bare
              icon={<SearchOffIcon />}
              title={emptyText}
              text={t("table.noMatches", { search })}
              action={
                <Button size="small" onClick={onClearSearch}>
                  {t("table.clearSearch")}
                </Button>
              }
            />
          ) : (
            <EmptyState bare icon={<InboxOutlinedIcon />} title={emptyText} />
          )}
        </FullRow>
      </TableBody>
    );
  }

  return (
    <TableBody>
      {rows.map((row) => {
        const id = getRowId(row);
        return (
          <DataTableRow
            key={id}
            row={row}
            columns={columns}
            href={rowHref?.(row)}
            newWindow={rowNewWindow}
            onClick={onRowClick}
            selectable={selectable}
            selected={!!selection && isRowSelected(selection, id)}
            onToggle={() => onToggle(id)}
          />
        );
      })}
    </TableBody>
  );
}
