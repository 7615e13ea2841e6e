import { Box, Tab, Tabs } from "@mui/material";
import { Link, useLocation } from "react-router";
import { useAccountPath } from "../../../components/breadcrumbs/breadcrumbs";
import { useT } from "../../../lib/i18n";

const TABS = ["leads", "segments"] as const;

/** An audience's tabs, Leads and Segments, each a child route; the active one follows the path. */
export function SegmentTabs({ segmentId }: { segmentId: number }) {
  const t = useT();
  const p = useAccountPath();
  const { pathname } = useLocation();
  const active = TABS.find((tab) => pathname.endsWith(`/${tab}`) || pathname.endsWith(`/${tab}/`)) ?? false;
  return (
    <Box sx={{ borderBottom: 1, borderColor: "divider", mb: 2, mt: -1 }}>
      <Tabs value={active} aria-label={t("audiences.title")}>
        {TABS.map((tab) => (
          <Tab key={tab} value={tab} label={t(`audiences.tabs.${tab}`)} component={Link} to={p(`audiences/${segmentId}/${tab}`)} />
        ))}
      </Tabs>
    </Box>
  );
}
