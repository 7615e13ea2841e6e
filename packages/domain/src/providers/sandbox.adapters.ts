import type {
  ConnectionCheck,
  DncAdapter,
  DncCheckResult,
  EmailVerifyAdapter,
  EmailVerifyResult,
  PhoneLookupAdapter,
  PhoneLookupResult,
} from "./provider-types";
import { areaCodePlace } from "./us-numbers";

/*
 * The built-in `sandbox` type of each lookup kind: deterministic answers keyed on the value itself, like a
 * provider's magic test numbers, no network and no account, free. A fresh install runs every lookup flow end to
 * end with it; docs/providers.md has the tables. Pure functions: 100k items cost milliseconds.
 */

export const SANDBOX_CONNECTION: ConnectionCheck = { ok: true, message: "Sandbox gateway: no account needed." };

const lastDigits = (value: string, n: number): string => value.replace(/\D/g, "").slice(-n);

type PhoneKind = Pick<PhoneLookupResult, "valid" | "carrierName" | "carrierType" | "action" | "reason">;

const mobile: PhoneKind = { valid: true, carrierName: "Sandbox Mobile", carrierType: "mobile", action: "send", reason: "Mobile" };

/** By the last digit of the number. */
export const SandboxPhoneKinds: Record<string, PhoneKind> = {
  "0": mobile,
  "1": mobile,
  "2": mobile,
  "3": mobile,
  "4": mobile,
  "5": mobile,
  "6": mobile,
  "7": { valid: true, carrierName: "Sandbox Landline", carrierType: "landline", action: "skip", reason: "Landline" },
  "8": { valid: true, carrierName: "Sandbox VoIP", carrierType: "voip", action: "send", reason: "Non-fixed VoIP" },
  "9": { valid: false, carrierName: null, carrierType: null, action: "skip", reason: "Invalid number" },
};

export function sandboxPhoneLookup(phone: string): PhoneLookupResult {
  const kind = SandboxPhoneKinds[lastDigits(phone, 1)] ?? SandboxPhoneKinds["9"]!;
  const place = kind.valid ? areaCodePlace(phone) : null;
  // Spelled out rather than spread: several times faster, and the sandbox answers whole lists.
  return {
    valid: kind.valid,
    carrierName: kind.carrierName,
    carrierType: kind.carrierType,
    action: kind.action,
    reason: kind.reason,
    state: place ? place.state : null,
    city: place ? place.city : null,
    timezone: place ? place.timezone : null,
  };
}

const clean: DncCheckResult = { federal: false, state: false, litigator: false, code: "none", message: "Good" };

/** By the last two digits; codes and messages as Blacklist Alliance words them. */
export const SandboxDncHits: Record<string, DncCheckResult> = {
  "01": { ...clean, federal: true, code: "federal-dnc", message: "Blacklisted" },
  "02": { ...clean, state: true, code: "state-dnc", message: "Blacklisted" },
  "03": { ...clean, litigator: true, code: "plaintiff-primary", message: "Blacklisted" },
};

export function sandboxDncCheck(phone: string): DncCheckResult {
  const hit = SandboxDncHits[lastDigits(phone, 2)] ?? clean;
  return { federal: hit.federal, state: hit.state, litigator: hit.litigator, code: hit.code, message: hit.message };
}

/** Domains the sandbox treats as disposable. */
export const SandboxDisposableDomains = new Set(["mailinator.com", "disposable.test"]);

/** First matching rule wins; reasons in ZeroBounce's words. */
export function sandboxEmailVerify(email: string): EmailVerifyResult {
  const at = email.lastIndexOf("@");
  if (at < 1 || at === email.length - 1) return { result: "invalid", reason: "invalid (failed_syntax_check)" };
  const local = email.slice(0, at).toLowerCase();
  const domain = email.slice(at + 1).toLowerCase();
  if (local.includes("invalid")) return { result: "invalid", reason: "invalid (mailbox_not_found)" };
  if (local.includes("catchall")) return { result: "catch_all", reason: "catch-all" };
  if (SandboxDisposableDomains.has(domain)) return { result: "disposable", reason: "do_not_mail (disposable)" };
  if (local.includes("unknown")) return { result: "unknown", reason: "unknown (mail_server_did_not_respond)" };
  return { result: "valid", reason: "valid" };
}

export function sandboxPhoneLookupAdapter(): PhoneLookupAdapter {
  return { unitCost: 0, lookup: async (phone) => sandboxPhoneLookup(phone), testConnection: async () => SANDBOX_CONNECTION };
}

export function sandboxDncAdapter(): DncAdapter {
  return { unitCost: 0, lookup: async (phone) => sandboxDncCheck(phone), testConnection: async () => SANDBOX_CONNECTION };
}

export function sandboxEmailVerifyAdapter(): EmailVerifyAdapter {
  return { unitCost: 0, lookup: async (email) => sandboxEmailVerify(email), testConnection: async () => SANDBOX_CONNECTION };
}
