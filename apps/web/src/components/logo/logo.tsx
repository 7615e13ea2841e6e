import { Box, Typography } from "@mui/material";

interface Brand {
  name: string;
  color: string;
  accent: string;
}

/**
 * White-label installs show their own brand: the logo is chosen by host. Unknown hosts get Leadflow.
 * Add entries here (or serve a different build) for partner domains.
 */
const brands: { test: RegExp; brand: Brand }[] = [
  { test: /(^|\.)leadsgate\./i, brand: { name: "LeadsGate", color: "#0e7c66", accent: "#7fe3c9" } },
];
const defaultBrand: Brand = { name: "Leadflow", color: "#4353e0", accent: "#a5b0ff" };

export function brandForHost(host: string = window.location.hostname): Brand {
  return brands.find((b) => b.test.test(host))?.brand ?? defaultBrand;
}

export function Logo({
  size = 30,
  inverse = false,
  inverseText = false,
  compact = false,
}: {
  size?: number;
  /** White mark and text, for coloured backgrounds. */
  inverse?: boolean;
  /** Brand-coloured mark with white text, for dark backgrounds. */
  inverseText?: boolean;
  compact?: boolean;
}) {
  const brand = brandForHost();
  return (
    <Box sx={{ display: "inline-flex", alignItems: "center", gap: 1.25, minWidth: 0 }} aria-label={brand.name}>
      <Box component="svg" viewBox="0 0 32 32" sx={{ width: size, height: size, flexShrink: 0 }} aria-hidden>
        <rect width="32" height="32" rx="8" fill={inverse ? "#fff" : brand.color} />
        <path d="M9 8h4v12h10v4H9z" fill={inverse ? brand.color : "#fff"} />
        <circle cx="23" cy="11" r="3" fill={brand.accent} />
      </Box>
      {!compact && (
        <Typography
          component="span"
          sx={{
            fontWeight: 800,
            fontSize: size * 0.62,
            letterSpacing: -0.4,
            color: inverse || inverseText ? "#fff" : "text.primary",
            whiteSpace: "nowrap",
          }}
        >
          {brand.name}
        </Typography>
      )}
    </Box>
  );
}
