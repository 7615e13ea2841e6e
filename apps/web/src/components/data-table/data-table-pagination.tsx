import { TablePagination } from "@mui/material";
import { useT } from "../../lib/i18n";

export interface DataTablePaginationProps {
  page: number;
  limit: number;
  total: number;
  /** The total is the server's estimate (a large log counted up to a cap): it reads "about". */
  estimate?: boolean;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
}

/** 1-based pages outside, MUI's 0-based inside. */
export function DataTablePagination({ page, limit, total, estimate, pageSizes, onPageChange, onLimitChange }: DataTablePaginationProps) {
  const t = useT();
  const lastPage = Math.max(1, Math.ceil(total / limit));
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page, lastPage) - 1}
      rowsPerPage={limit}
      rowsPerPageOptions={[...pageSizes]}
      onPageChange={(_e, p) => onPageChange(p + 1)}
      onRowsPerPageChange={(e) => onLimitChange(Number(e.target.value))}
      labelRowsPerPage={t("table.rowsPerPage")}
      labelDisplayedRows={({ from, to, count }) =>
        t("table.displayedRows", {
          from: from.toLocaleString("en-US"),
          to: to.toLocaleString("en-US"),
          count: estimate ? t("table.aboutTotal", { count: count.toLocaleString("en-US") }) : count.toLocaleString("en-US"),
        })
      }
      sx={{
        borderTop: 1,
        borderColor: "divider",
        "& .MuiTablePagination-toolbar": { minHeight: 52, px: { xs: 1, sm: 2 } },
        "& .MuiTablePagination-selectLabel": { display: { xs: "none", sm: "block" } },
        "& .MuiTablePagination-input": { mr: { xs: 1, sm: 4 } },
      }}
    />
  );
}
