import { Box, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import type { ReactNode } from "react";
import type { MessageKey, t as translate } from "../../../lib/i18n";
import { dataKey, useT } from "../../../lib/i18n";
import type { Constraint, FieldDoc, ParameterDoc, ResponseDoc } from "../model/openapi";

/** Texts of our own for what the server's description leaves out (`doc.field.leads`, `doc.code.429`). */
const ownText = (t: typeof translate, key: MessageKey) => {
  const text = t(key);
  return text === key ? undefined : text;
};

function constraintText(t: typeof translate, c: Constraint): string {
  if (c.kind === "enum") return t("doc.constraint.enum", { values: c.values.join(", ") });
  const base = c.kind === "length" ? "doc.constraint.length" : "doc.constraint.items";
  if (c.min !== undefined && c.max !== undefined) return t(base, { min: c.min, max: c.max });
  return c.max !== undefined ? t(`${base}Max`, { max: c.max }) : t(`${base}Min`, { min: c.min ?? 0 });
}

const mono = { fontFamily: "monospace", fontSize: "0.8125rem", wordBreak: "break-word" } as const;
/** A type reads as one piece ('string', 'array of object'): it does not wrap inside a word. */
const typeCell = { fontFamily: "monospace", fontSize: "0.8125rem", whiteSpace: { sm: "nowrap" } } as const;
/** Wide screens get the columns; a phone reads each row as a small card in the first cell. */
const wideOnly = { display: { xs: "none", sm: "table-cell" } } as const;
const narrowOnly = { display: { xs: "block", sm: "none" } } as const;

function DocTable({ label, head, children }: { label: string; head: ReactNode; children: ReactNode }) {
  return (
    <TableContainer sx={{ border: 1, borderColor: "divider", borderRadius: 1.5 }}>
      <Table size="small" aria-label={label} sx={{ "& tr:last-child td": { borderBottom: 0 }, "& td, & th": { verticalAlign: "top" } }}>
        <TableHead>
          <TableRow>{head}</TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

const RequiredChip = ({ required }: { required: boolean }) => {
  const t = useT();
  return required ? (
    <Chip size="small" color="primary" variant="outlined" label={t("doc.yes")} />
  ) : (
    <Typography variant="body2" color="text.secondary">
      {t("doc.no")}
    </Typography>
  );
};

export function ParametersTable({ parameters, label }: { parameters: ParameterDoc[]; label: string }) {
  const t = useT();
  return (
    <DocTable
      label={label}
      head={
        <>
          <TableCell>{t("doc.col.name")}</TableCell>
          <TableCell sx={wideOnly}>{t("doc.col.in")}</TableCell>
          <TableCell sx={wideOnly}>{t("doc.col.type")}</TableCell>
          <TableCell sx={wideOnly}>{t("doc.col.required")}</TableCell>
          <TableCell sx={wideOnly}>{t("doc.col.description")}</TableCell>
        </>
      }
    >
      {parameters.map((p) => (
        <TableRow key={`${p.in}:${p.name}`}>
          <TableCell sx={{ minWidth: { sm: 150 } }}>
            <Box sx={{ ...mono, fontWeight: 600 }}>{p.name}</Box>
            <Box sx={narrowOnly}>
              <Typography variant="caption" color="text.secondary">
                {t(dataKey("doc.in", p.in))} · {p.type}
                {p.required ? ` · ${t("doc.col.required")}` : ""}
              </Typography>
              {p.description && <Typography variant="body2">{p.description}</Typography>}
            </Box>
          </TableCell>
          <TableCell sx={wideOnly}>{t(dataKey("doc.in", p.in))}</TableCell>
          <TableCell sx={{ ...wideOnly, ...typeCell }}>{p.type}</TableCell>
          <TableCell sx={wideOnly}>
            <RequiredChip required={p.required} />
          </TableCell>
          <TableCell sx={wideOnly}>{p.description ?? "—"}</TableCell>
        </TableRow>
      ))}
    </DocTable>
  );
}

export function FieldsTable({ fields, label }: { fields: FieldDoc[]; label: string }) {
  const t = useT();
  return (
    <DocTable
      label={label}
      head={
        <>
          <TableCell>{t("doc.col.name")}</TableCell>
          <TableCell sx={wideOnly}>{t("doc.col.type")}</TableCell>
          <TableCell sx={wideOnly}>{t("doc.col.required")}</TableCell>
          <TableCell sx={wideOnly}>{t("doc.col.description")}</TableCell>
        </>
      }
    >
      {fields.map((f) => {
        const description = f.description ?? ownText(t, dataKey("doc.field", f.name));
        const limits = f.constraints.map((c) => constraintText(t, c));
        const details = (
          <>
            {description && <Typography variant="body2">{description}</Typography>}
            {limits.length > 0 && (
              <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                {limits.join(" · ")}
              </Typography>
            )}
          </>
        );
        return (
          <TableRow key={f.name}>
            <TableCell sx={{ pl: { xs: 1 + f.depth * 1.5, sm: 2 + f.depth * 2 }, minWidth: { sm: 280 } }}>
              <Box sx={{ ...mono, fontWeight: 600 }}>{f.name}</Box>
              <Box sx={narrowOnly}>
                <Typography variant="caption" color="text.secondary">
                  {f.type}
                  {f.required ? ` · ${t("doc.col.required")}` : ""}
                </Typography>
                {details}
              </Box>
            </TableCell>
            <TableCell sx={{ ...wideOnly, ...typeCell }}>{f.type}</TableCell>
            <TableCell sx={wideOnly}>
              <RequiredChip required={f.required} />
            </TableCell>
            <TableCell sx={wideOnly}>{description || limits.length ? details : "—"}</TableCell>
          </TableRow>
        );
      })}
    </DocTable>
  );
}

const codeColor = (code: string) => (code.startsWith("2") ? "success" : code.startsWith("4") ? "warning" : "error");

export function ResponsesTable({ responses, label }: { responses: ResponseDoc[]; label: string }) {
  const t = useT();
  return (
    <DocTable
      label={label}
      head={
        <>
          <TableCell sx={{ width: { xs: 64, sm: 88 } }}>{t("doc.col.code")}</TableCell>
          <TableCell>{t("doc.col.description")}</TableCell>
        </>
      }
    >
      {responses.map((r) => (
        <TableRow key={r.code}>
          <TableCell>
            <Chip
              size="small"
              color={codeColor(r.code)}
              variant="outlined"
              label={r.code}
              sx={{ fontFamily: "monospace", fontWeight: 700 }}
            />
          </TableCell>
          <TableCell>{r.description ?? ownText(t, dataKey("doc.code", r.code)) ?? "—"}</TableCell>
        </TableRow>
      ))}
    </DocTable>
  );
}
