import { SaveShortUrlDomain, type ShortUrlAccess } from "@leadflow/contracts";
import { useCrudSave } from "../../../components/crud/crud-api";
import type { CrudFormProps } from "../../../components/crud/crud-settings-config";
import { EntityForm } from "../../../components/form/entity-form";
import { useEntityForm } from "../../../components/form/use-entity-form";
import { useT } from "../../../lib/i18n";
import { type ShortUrlDomainRow, shortUrlsApi } from "../api/short-urls.api";
import type { ShortUrlExtras } from "./use-short-url-extras";

/** The form's values: text as typed (a blank redirect is none); the contract's schema turns them into the request. */
interface DomainFormValues {
  url: string;
  access: ShortUrlAccess;
  redirect_to: string;
  filter_redirect: string;
  state_filter_redirect: string;
  expired_redirect: string;
  sort_order: number | string;
}

const valuesOf = (d: ShortUrlDomainRow): DomainFormValues => ({
  url: d.url,
  access: d.access,
  redirect_to: d.redirect_to ?? "",
  filter_redirect: d.filter_redirect ?? "",
  state_filter_redirect: d.state_filter_redirect ?? "",
  expired_redirect: d.expired_redirect ?? "",
  sort_order: d.sort_order,
});

/** Add/Edit Domain: the host, its access, the four redirects and the sort order (a save replaces them all). */
export function ShortUrlForm({ entity: domain, extras }: CrudFormProps<ShortUrlDomainRow, ShortUrlExtras>) {
  const t = useT();
  const save = useCrudSave(shortUrlsApi);
  const form = useEntityForm({
    schema: SaveShortUrlDomain,
    defaults: domain
      ? valuesOf(domain)
      : {
          url: "",
          access: "enabled",
          redirect_to: "",
          filter_redirect: "",
          state_filter_redirect: "",
          expired_redirect: "",
          sort_order: extras.nextSortOrder,
        },
    submit: (input) => save.mutateAsync({ id: domain?.id, input }),
    success: t(domain ? "shortUrls.updated" : "shortUrls.created"),
  });
  const example = t("shortUrls.field.urlExample");
  return (
    <EntityForm
      form={form}
      title={t(domain ? "shortUrls.editTitle" : "shortUrls.createTitle")}
      submitLabel={domain ? undefined : t("shortUrls.create")}
      fields={[
        {
          name: "url",
          label: t("shortUrls.field.url"),
          placeholder: t("shortUrls.field.urlPlaceholder"),
          hint: t("shortUrls.field.urlHint"),
          required: true,
          autoFocus: true,
          maxLength: 2048,
        },
        {
          name: "access",
          kind: "select",
          label: t("shortUrls.field.access"),
          hint: t("shortUrls.field.accessHint"),
          options: [
            { value: "enabled", label: t("shortUrls.access.enabled") },
            { value: "disabled", label: t("shortUrls.access.disabled") },
          ],
        },
        {
          name: "redirect_to",
          label: t("shortUrls.field.redirectTo"),
          hint: t("shortUrls.field.redirectToHint"),
          placeholder: example,
          maxLength: 2048,
        },
        {
          name: "filter_redirect",
          label: t("shortUrls.field.filterRedirect"),
          hint: t("shortUrls.field.filterRedirectHint"),
          placeholder: example,
          maxLength: 2048,
        },
        {
          name: "state_filter_redirect",
          label: t("shortUrls.field.stateFilterRedirect"),
          hint: t("shortUrls.field.stateFilterRedirectHint"),
          placeholder: example,
          maxLength: 2048,
        },
        {
          name: "expired_redirect",
          label: t("shortUrls.field.expiredRedirect"),
          hint: t("shortUrls.field.expiredRedirectHint"),
          placeholder: example,
          maxLength: 2048,
        },
        { name: "sort_order", type: "number", label: t("shortUrls.field.sortOrder"), min: 0 },
      ]}
    />
  );
}
