import { hash } from "../lead-files/hash";
import { formatPhone, person } from "../lead-files/people";

/** What the load sends: request k carries LEADS_PER_REQUEST leads; a few repeat people of earlier requests. */
export interface LoadPlan {
  rate: number;
  durationSeconds: number;
  leadsPerRequest: number;
  /** Per cent of leads that repeat a person of an earlier request (another phone format, email in capitals). */
  repeatPercent: number;
  /** Per cent of requests sent a second time with the same Idempotency-Key and body. */
  retryPercent: number;
}

export const defaultPlan = { leadsPerRequest: 10, repeatPercent: 10, retryPercent: 5 } as const;

/** The person behind lead s of request k: new people are numbered k·n + s; a repeat resolves to an earlier one. */
export function personOf(plan: LoadPlan, k: number, s: number): number {
  const slot = k * plan.leadsPerRequest + s;
  if (k === 0 || hash(slot, 20) % 100 >= plan.repeatPercent) return slot;
  return personOf(plan, hash(slot, 21) % k, hash(slot, 22) % plan.leadsPerRequest);
}

export function isRetried(plan: LoadPlan, k: number): boolean {
  return hash(k, 23) % 100 < plan.retryPercent;
}

/** The JSON body of request k, in the contract of packages/contracts/src/import-api.ts. */
export function requestBody(plan: LoadPlan, k: number): { body: string; people: number[] } {
  const people: number[] = [];
  const leads = [];
  for (let s = 0; s < plan.leadsPerRequest; s++) {
    const p = personOf(plan, k, s);
    const repeat = p !== k * plan.leadsPerRequest + s;
    const x = person(p);
    people.push(p);
    leads.push({
      attributes: [
        { type: "phone", attribute: "Phone", value: repeat ? formatPhone(p, hash(k, s) + 1) : x.phone },
        { type: "email", attribute: "Email", value: repeat ? x.email.toUpperCase() : x.email },
        { type: "string", attribute: "First Name", value: x.firstName },
      ],
    });
  }
  return { body: JSON.stringify({ leads }), people };
}
