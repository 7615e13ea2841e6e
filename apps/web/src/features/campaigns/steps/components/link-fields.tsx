import { Alert } from "@mui/material";
import type { ReactNode } from "react";
import { useWatch } from "react-hook-form";
import { FormSelect } from "../../../../components/form/form-select";
import { useT } from "../../../../lib/i18n";
import { FieldGroup } from "./field-group";
import { type ContentFieldsProps, fieldOf } from "./step-form-types";
import { UrlField } from "./url-field";
import { useStepField } from "./use-step-field";

/**
 * The Link group of a message that holds `{{link}}`: where the link leads and on which short domain. An SMS adds its
 * link options below (`children`).
 */
export function LinkFields(props: ContentFieldsProps & { children?: ReactNode }) {
  const t = useT();
  const field = useStepField(props);
  const { form, prefix, options, children } = props;
  const domain = useWatch({ control: form.control, name: fieldOf(prefix, "short_url_domain_id") });
  return (
    <FieldGroup title={t("campaigns.steps.link.title")}>
      <UrlField {...field("redirect_to", "campaigns.steps.link.redirectTo")} hint={t("campaigns.steps.link.redirectHint")} />
      {options.shortDomainsLoaded && options.shortDomains.length === 0 && domain === "" ? (
        <Alert severity="info" variant="outlined">
          {t("campaigns.steps.link.noDomains")}
        </Alert>
      ) : (
        <FormSelect
          {...field("short_url_domain_id", "campaigns.steps.link.domain")}
          options={options.shortDomains}
          none={t("campaigns.steps.link.domainDefault")}
        />
      )}
      {children}
    </FieldGroup>
  );
}
