import NavigateNextIcon from "@mui/icons-material/NavigateNext";
import { Breadcrumbs, Link as MuiLink, Typography, useMediaQuery, useTheme } from "@mui/material";
import { Link } from "react-router";
import { useAccountPath } from "../../lib/account-context";
import { useBreadcrumbItems } from "./breadcrumbs";

/**
 * The header's trail. On a phone a trail of more than two crumbs shows '…' (which expands it) and the last two;
 * the last crumb, the page the user is on, gives way last.
 */
export function BreadcrumbsView() {
  const crumbs = useBreadcrumbItems();
  const p = useAccountPath();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  if (crumbs.length === 0) return null;
  return (
    <Breadcrumbs
      separator={<NavigateNextIcon fontSize="small" />}
      aria-label="breadcrumb"
      maxItems={phone ? 2 : 4}
      itemsBeforeCollapse={phone ? 0 : 1}
      itemsAfterCollapse={2}
      sx={{
        minWidth: 0,
        "& .MuiBreadcrumbs-ol": { flexWrap: "nowrap" },
        "& .MuiBreadcrumbs-li": { minWidth: 0 },
        // The page the user is on gives way last.
        "& .MuiBreadcrumbs-li:last-of-type": { flexShrink: 0.2 },
      }}
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
