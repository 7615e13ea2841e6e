import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import SearchOffIcon from "@mui/icons-material/SearchOffOutlined";
import { Button, Skeleton, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type ReactNode, useMemo } from "react";
import { useBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { EmptyState } from "../../../components/empty-state/empty-state";
import { PageHeader } from "../../../components/page-header/page-header";
import { copyText } from "../../../lib/clipboard";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { openApiQuery } from "../api/openapi.api";
import { CodeBlock } from "../components/code-block";
import { DocSection } from "../components/doc-section";
import { FieldsTable, ParametersTable, ResponsesTable } from "../components/doc-tables";
import { AuthenticationSection, EndpointSummary } from "../components/endpoint-summary";
import { DOCUMENTED_CODES, IMPORT_METHOD, IMPORT_PATH, importUrl } from "../model/import-endpoint";
import { curlCommand, describeEndpoint } from "../model/openapi";

/** API Documentation: the public import interface, rendered from the server's OpenAPI description. */
export function DocPage() {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  useBreadcrumbs([{ label: t("doc.title") }]);
  const query = useQuery(openApiQuery());
  const endpoint = useMemo(
    () => (query.data ? describeEndpoint(query.data, IMPORT_PATH, IMPORT_METHOD, DOCUMENTED_CODES) : undefined),
    [query.data],
  );

  const copy = async (text: string, done: string) => {
    const ok = await copyText(text);
    enqueueSnackbar(ok ? done : t("doc.copyFailed"), { variant: ok ? "success" : "error" });
  };

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack spacing={2} aria-busy="true" aria-label={t("common.loading")}>
        {[120, 160, 220, 260].map((h) => (
          <Skeleton key={h} variant="rounded" height={h} />
        ))}
      </Stack>
    );
  } else if (query.error) {
    body = (
      <EmptyState
        icon={<ErrorOutlineIcon color="error" />}
        title={t("doc.loadError")}
        text={errorMessage(query.error)}
        action={
          <Button variant="outlined" onClick={() => query.refetch()}>
            {t("table.retry")}
          </Button>
        }
      />
    );
  } else if (!endpoint) {
    body = <EmptyState icon={<SearchOffIcon />} title={t("doc.notDescribed")} text={t("doc.notDescribedText")} />;
  } else {
    const url = importUrl(window.location.origin);
    const example = endpoint.example === undefined ? undefined : JSON.stringify(endpoint.example, null, 2);
    body = (
      <Stack spacing={2.5}>
        <EndpointSummary endpoint={endpoint} url={`${window.location.origin}${endpoint.path}`} />
        <AuthenticationSection endpoint={endpoint} />
        <DocSection title={t("doc.parameters")} id="doc-parameters">
          {endpoint.parameters.length > 0 ? (
            <ParametersTable parameters={endpoint.parameters} label={t("doc.parameters")} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t("doc.noParameters")}
            </Typography>
          )}
        </DocSection>
        <DocSection title={t("doc.requestBody")} id="doc-body">
          {endpoint.fields.length > 0 ? (
            <FieldsTable fields={endpoint.fields} label={t("doc.requestBodyFields")} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t("doc.noFields")}
            </Typography>
          )}
          {example !== undefined && (
            <CodeBlock
              title={t("doc.example")}
              code={example}
              copyLabel={t("doc.copyBody")}
              onCopy={() => copy(example, t("doc.bodyCopied"))}
            />
          )}
          <CodeBlock
            title={t("doc.curl")}
            code={curlCommand(endpoint.method, url, endpoint.example)}
            copyLabel={t("doc.copyCurl")}
            copyAriaLabel={t("doc.copyCurlLabel")}
            onCopy={() => copy(curlCommand(endpoint.method, url, endpoint.example), t("doc.curlCopied"))}
          />
        </DocSection>
        <DocSection title={t("doc.responses")} id="doc-responses">
          <ResponsesTable responses={endpoint.responses} label={t("doc.responses")} />
        </DocSection>
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title={t("doc.title")} subtitle={t("doc.subtitle")} />
      {body}
    </>
  );
}
