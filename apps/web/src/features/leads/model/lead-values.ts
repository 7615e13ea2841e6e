import {
  type AnyLeadValue,
  type EmailStatus,
  EmailStatuses,
  type PhoneStatus,
  PhoneStatuses,
  PhoneStatusLabels,
} from "@leadflow/contracts";

/** A table cell: several values of one attribute joined with '; ' in the order they came; none is a dash. */
export function joinValues(values: readonly string[] | undefined): string {
  const shown = (values ?? []).filter((v) => v.trim() !== "");
  return shown.length ? shown.join("; ") : "—";
}

type Kind = AnyLeadValue["kind"];
const KIND_ORDER = { phone: 0, email: 1, string: 2 } as const satisfies Record<Kind, number>;

/**
 * The 'Lead Attributes' card's order: phones, then emails, then string values by the attributes' sort order. The
 * server sends them so already; sorting again keeps the card right whatever the order, and is stable.
 */
export function orderLeadValues(values: readonly AnyLeadValue[]): AnyLeadValue[] {
  return values
    .map((v, i) => ({ v, i }))
    .sort(
      (a, b) =>
        KIND_ORDER[a.v.kind] - KIND_ORDER[b.v.kind] ||
        (a.v.kind === "string" && b.v.kind === "string" ? a.v.attribute.sort_order - b.v.attribute.sort_order : 0) ||
        a.i - b.i,
    )
    .map(({ v }) => v);
}

const PHONE_STATUSES = Object.values(PhoneStatuses) as PhoneStatus[];
const isPhoneStatus = (n: number | null): n is PhoneStatus => n !== null && (PHONE_STATUSES as number[]).includes(n);

/** 'Not Checked' (no status yet) is shown as Subscribed (docs/product/accounts-sources-leads.md). */
export function effectivePhoneStatus(status: number | null): PhoneStatus {
  return isPhoneStatus(status) ? status : PhoneStatuses.subscribed;
}

export function phoneStatusLabel(status: number | null): string {
  return PhoneStatusLabels[effectivePhoneStatus(status)];
}

/** The phone status menu: every status 1–6 but the current one. */
export function phoneStatusOptions(status: number | null): { status: PhoneStatus; label: string }[] {
  const current = effectivePhoneStatus(status);
  return PHONE_STATUSES.filter((s) => s !== current).map((s) => ({ status: s, label: PhoneStatusLabels[s] }));
}

export type EmailStatusAction = { status: EmailStatus; labelKey: "leads.email.setPending" | "leads.email.unsubscribe" };

/**
 * The email status menu: Unsubscribed (4) can go back to Pending (1); any status but Pending can be
 * unsubscribed; Pending has no menu.
 */
export function emailStatusAction(status: number | null): EmailStatusAction | null {
  if (status === EmailStatuses.pending) return null;
  if (status === EmailStatuses.unsubscribed) return { status: EmailStatuses.pending, labelKey: "leads.email.setPending" };
  return { status: EmailStatuses.unsubscribed, labelKey: "leads.email.unsubscribe" };
}

/** The same value after trimming: blurring a field left as it was sends nothing. */
export function isUnchanged(original: string, edited: string): boolean {
  return original.trim() === edited.trim();
}
