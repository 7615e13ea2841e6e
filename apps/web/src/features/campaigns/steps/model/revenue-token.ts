import { LINK_PLACEHOLDER, REVENUE_TOKEN } from "@leadflow/contracts";

/** The query parameter tracking revenue adds; the redirect service substitutes the click's token for it. */
export const REVENUE_PARAM = `revenue=${REVENUE_TOKEN}`;

/** The redirect link without the revenue parameter, wherever it sat among the others. */
export function stripRevenueToken(redirect: string): string {
  return redirect.replace(`&${REVENUE_PARAM}`, "").replace(`?${REVENUE_PARAM}&`, "?").replace(`?${REVENUE_PARAM}`, "");
}

/**
 * Tracking revenue puts the revenue token on redirect_to; turned off, or with no link in the message, it is stripped
 * (docs/product/campaigns.md). The server stores the same (domain `withRevenueToken`), so the field shows what will be
 * saved. Idempotent: applying it twice adds the token once.
 */
export function withRevenueToken(redirect: string, on: boolean, message: string): string {
  const bare = stripRevenueToken(redirect);
  if (!on || bare.trim() === "" || !message.includes(LINK_PLACEHOLDER)) return bare;
  return `${bare}${bare.includes("?") ? "&" : "?"}${REVENUE_PARAM}`;
}
