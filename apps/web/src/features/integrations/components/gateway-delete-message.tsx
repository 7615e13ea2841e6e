import { type Gateway, isLookupKind } from "@leadflow/contracts";
import { Typography } from "@mui/material";
import { useT } from "../../../lib/i18n";

/** Deleting a lookup gateway also says what becomes of the lookups that use it. */
export function GatewayDeleteMessage({ entity }: { entity: Gateway }) {
  const t = useT();
  return (
    <>
      <Typography>{t("common.deleteConfirm", { thing: entity.name })}</Typography>
      {isLookupKind(entity.kind) && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t("integrations.deleteLookupNote")}
        </Typography>
      )}
    </>
  );
}
