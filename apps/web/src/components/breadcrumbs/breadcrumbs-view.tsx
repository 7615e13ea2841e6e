import NavigateNextIcon from "@mui/icons-material/NavigateNext";
import { Breadcrumbs, Link as MuiLink, Typography } from "@mui/material";
import { Link } from "react-router";
import { useAccountPath, useBreadcrumbItems } from "./breadcrumbs";

/** The header's trail; on narrow screens only the last two crumbs show. */
export function BreadcrumbsView() {
  const crumbs = useBreadcrumbItems();
  const p = useAccountPath();
  if (crumbs.length === 0) return null;
  return (
    <Breadcrumbs
      separator={<NavigateNextIcon fontSize="small" />}
      aria-label="breadcrumb"
      maxItems={4}
      itemsBeforeCollapse={1}
      itemsAfterCollapse={2}
      sx={{ minWidth: 0, "& .MuiBreadcrumbs-ol": { flexWrap: "nowrap" }, "& .MuiBreadcrumbs-li": { minWidth: 0 } }}
    >
      {crumbs.map((c, i) => {
        const last = i === crumbs.length - 1;
        const sx = {
          display: "block",
          maxWidth: { xs: 140, md: 260 },
          overflow: "hidden",
          textOverflow: "ellipsis",
          whiteSpace: "nowrap",
        } as const;
        return last || !c.to ? (
          <Typography
            key={`${c.to ?? ""}|${c.label}`}
            color={last ? "text.primary" : "text.secondary"}
            sx={{ ...sx, fontWeight: last ? 600 : 500, fontSize: "0.9rem" }}
            aria-current={last ? "page" : undefined}
          >
            {c.label}
          </Typography>
        ) : (
          <MuiLink
            key={`${c.to ?? ""}|${c.label}`}
            component={Link}
            to={p(c.to)}
            underline="hover"
            color="text.secondary"
            sx={{ ...sx, fontSize: "0.9rem", fontWeight: 500 }}
          >
            {c.label}
          </MuiLink>
        );
      })}
    </Breadcrumbs>
  );
}
