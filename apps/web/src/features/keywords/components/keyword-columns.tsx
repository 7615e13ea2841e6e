import { ALL_PHONES, type KeywordSortKeys } from "@leadflow/contracts";
import LockOutlinedIcon from "@mui/icons-material/LockOutlined";
import { Box, Chip, Stack, Tooltip, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { actionsMenuColumn } from "../../../components/crud/crud-actions-column";
import type { CrudRowActions } from "../../../components/crud/crud-settings-config";
import type { Columns, SortKeyOf } from "../../../components/data-table/types";
import type { KeywordRow } from "../api/keywords.api";

type Context = CrudRowActions<KeywordRow>;

/** System keywords are shown dimmed, like the default gateways in Integrations. */
const dim = (k: KeywordRow, node: ReactNode) => <Box sx={{ opacity: k.is_system ? 0.6 : 1, minWidth: 0 }}>{node}</Box>;

/** The first few of a list, the rest as "+N" with all of them in its tooltip. */
const WORDS_SHOWN = 6;
const PHONES_SHOWN = 2;

/** Keywords: Keywords, Phones, Gateway, Action, Response message, actions. */
export const keywordColumns: Columns<KeywordRow, Context, SortKeyOf<typeof KeywordSortKeys>> = [
  {
    key: "words",
    header: ({ t }) => t("keywords.columns.words"),
    hideable: false,
    minWidth: { xs: 150, lg: 200 },
    render: (k, { t }) =>
      dim(
        k,
        <Stack direction="row" useFlexGap sx={{ flexWrap: "wrap", gap: 0.5, alignItems: "center" }}>
          {k.is_system && (
            <Tooltip title={t("keywords.system")}>
              <LockOutlinedIcon sx={{ fontSize: 16, color: "text.secondary" }} aria-label={t("keywords.system")} />
            </Tooltip>
          )}
          {k.values.values.slice(0, WORDS_SHOWN).map((w) => (
            <Chip key={w} size="small" label={w} />
          ))}
          {k.values.values.length > WORDS_SHOWN && (
            <Tooltip title={k.name}>
              <Chip size="small" variant="outlined" label={t("keywords.more", { count: k.values.values.length - WORDS_SHOWN })} />
            </Tooltip>
          )}
        </Stack>,
      ),
  },
  {
    key: "phones",
    header: ({ t }) => t("keywords.columns.phones"),
    showFrom: "sm",
    minWidth: 130,
    render: (k, { t }) => {
      const phones = k.values.phones;
      if (phones.includes(ALL_PHONES)) return dim(k, t("keywords.allNumbers"));
      const rest = phones.length - PHONES_SHOWN;
      // A number a line: side by side, two numbers alone are wider than the column.
      return dim(
        k,
        <Stack sx={{ fontVariantNumeric: "tabular-nums" }}>
          {phones.slice(0, PHONES_SHOWN).map((p) => (
            <Typography key={p} variant="body2" sx={{ whiteSpace: "nowrap" }}>
              {p}
            </Typography>
          ))}
          {rest > 0 && (
            <Tooltip title={phones.join(", ")}>
              <Typography variant="caption" color="text.secondary" tabIndex={0} sx={{ alignSelf: "flex-start" }}>
                {t("keywords.morePhones", { count: rest })}
              </Typography>
            </Tooltip>
          )}
        </Stack>,
      );
    },
  },
  {
    key: "gateway",
    header: ({ t }) => t("keywords.columns.gateway"),
    showFrom: "md",
    minWidth: 130,
    render: (k, { t }) => dim(k, k.gateway?.name ?? t("keywords.none")),
  },
  {
    key: "action",
    header: ({ t }) => t("keywords.columns.action"),
    sortKey: "action",
    minWidth: 150,
    render: (k, { t }) =>
      dim(
        k,
        <Stack>
          <Typography variant="body2">{t(`keywords.action.${k.action}`)}</Typography>
          {k.list && (
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
              {t("keywords.toList", { list: k.list.name })}
            </Typography>
          )}
        </Stack>,
      ),
  },
  {
    key: "response_message",
    header: ({ t }) => t("keywords.columns.response"),
    showFrom: "md",
    minWidth: 200,
    render: (k, { t }) =>
      dim(
        k,
        k.response_message ? (
          // Two lines of it, the whole message in the tooltip: one long line would push the row's menu out of view.
          <Tooltip title={k.response_message}>
            <Typography
              variant="body2"
              sx={{ display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical", overflow: "hidden", overflowWrap: "anywhere" }}
            >
              {k.response_message}
            </Typography>
          </Tooltip>
        ) : (
          t("keywords.none")
        ),
      ),
  },
  // The system keywords show their menu disabled (they cannot be edited or removed).
  actionsMenuColumn({
    texts: { menu: "keywords.actionsFor", edit: "keywords.edit", delete: "keywords.delete" },
    locked: (k, { t }) => (k.is_system ? t("keywords.locked") : undefined),
  }),
];
