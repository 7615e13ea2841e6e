import { accountErrors } from "../accounts/accounts.errors";
import { attributeErrors } from "../attributes/attributes.errors";
import { billingErrors } from "../billing/billing.errors";
import { campaignErrors } from "../campaigns/campaigns.errors";
import { complianceErrors } from "../compliance/compliance.errors";
import { contactErrors } from "../contacts/contacts.errors";
import { emailGroupErrors } from "../email-groups/email-groups.errors";
import { gatewayErrors } from "../gateways/gateways.errors";
import { importApiErrors } from "../import-api/import-api.errors";
import { importErrors } from "../imports/imports.errors";
import { keywordErrors } from "../keywords/keywords.errors";
import { leadErrors } from "../leads/leads.errors";
import { listErrors } from "../lists/lists.errors";
import { lookupErrors } from "../lookups/lookups.errors";
import { planErrors } from "../plans/plans.errors";
import { providerEventErrors } from "../provider-events/provider-events.errors";
import { revenueErrors } from "../revenue/revenue.errors";
import { routingErrors } from "../routing/routing.errors";
import { ruleErrors } from "../rules/rules.errors";
import { segmentErrors } from "../segments/segments.errors";
import { shortUrlErrors } from "../short-urls/short-urls.errors";
import { sourceErrors } from "../sources/sources.errors";
import type { ErrorMap } from "./error-map";

export type { ErrorEntry, ErrorMap } from "./error-map";

const commonErrors = {
  not_found: { status: 404, message: "Not found." },
  forbidden: { status: 403, message: "This action is unauthorized." },
  rate_limited: { status: 429, message: "Too many attempts. Please try again later." },
  invalid_sort: { status: 422, message: "This list cannot be sorted that way." },
} as const satisfies ErrorMap;

/** Every feature's map; a code is defined in one only (errors.test.ts). */
export const errorMaps = [
  commonErrors,
  accountErrors,
  attributeErrors,
  billingErrors,
  campaignErrors,
  complianceErrors,
  contactErrors,
  emailGroupErrors,
  gatewayErrors,
  importApiErrors,
  importErrors,
  keywordErrors,
  leadErrors,
  listErrors,
  lookupErrors,
  planErrors,
  providerEventErrors,
  revenueErrors,
  routingErrors,
  ruleErrors,
  segmentErrors,
  shortUrlErrors,
  sourceErrors,
] as const;

/** All of them, merged: a code thrown that no map defines is a type error, and so is an entry without its message. */
export const appErrors = {
  ...commonErrors,
  ...accountErrors,
  ...attributeErrors,
  ...billingErrors,
  ...campaignErrors,
  ...complianceErrors,
  ...contactErrors,
  ...emailGroupErrors,
  ...gatewayErrors,
  ...importApiErrors,
  ...importErrors,
  ...keywordErrors,
  ...leadErrors,
  ...listErrors,
  ...lookupErrors,
  ...planErrors,
  ...providerEventErrors,
  ...revenueErrors,
  ...routingErrors,
  ...ruleErrors,
  ...segmentErrors,
  ...shortUrlErrors,
  ...sourceErrors,
} as const satisfies ErrorMap;

export type AppErrorCode = keyof typeof appErrors;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: AppErrorCode,
    message?: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** Facts a client may act on, sent beside message and errors (a plan limit's number). */
    readonly detail?: Record<string, string | number | null>,
  ) {
    super(message ?? appErrors[code].message);
    this.status = appErrors[code].status;
  }
}

/** A 422 that points at one field, like the request validator's own errors. */
export function fieldError(code: AppErrorCode, field: string): AppError {
  return new AppError(code, undefined, { [field]: [appErrors[code].message] });
}
