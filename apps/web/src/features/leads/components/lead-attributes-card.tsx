import type { AnyLeadValue, LeadDetail } from "@leadflow/contracts";
import { Box, Typography } from "@mui/material";
import { useT } from "../../../lib/i18n";
import { orderLeadValues } from "../model/lead-values";
import { LeadCard } from "./lead-card";
import { LeadValueItem } from "./lead-value-item";

/**
 * A key that survives a save: a string value's id names its text, so it changes when the text does; the value's
 * place among its attribute's values does not, and the field keeps its focus.
 */
function stableKeys(values: AnyLeadValue[]): string[] {
  const seen = new Map<string, number>();
  return values.map((v) => {
    const base = `${v.kind}-${v.attribute.id}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return `${base}-${n}`;
  });
}

/** 'Lead Attributes': the Lead ID, then every value, phones first, then emails, then the rest. */
export function LeadAttributesCard({ lead }: { lead: LeadDetail }) {
  const t = useT();
  const values = orderLeadValues(lead.lead_values);
  const keys = stableKeys(values);
  return (
    <LeadCard
      title={t("leads.attributes")}
      id="lead-attributes"
      actions={
        <Typography variant="body2" color="text.secondary">
          {t("leads.leadId")}:{" "}
          <Box component="span" sx={{ color: "text.primary", fontWeight: 700, fontVariantNumeric: "tabular-nums" }}>
            {lead.id}
          </Box>
        </Typography>
      }
    >
      <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "repeat(auto-fill, minmax(260px, 1fr))" } }}>
        {values.map((v, i) => (
          <LeadValueItem key={keys[i]} leadId={lead.id} item={v} />
        ))}
      </Box>
      {values.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t("leads.noValues")}
        </Typography>
      )}
    </LeadCard>
  );
}
