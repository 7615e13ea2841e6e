import { clearAccounts, currentIndexFromPath, markAccountExpired, resolveTabAccount } from "./accounts";

export class ApiError extends Error {
  status: number;
  errors?: Record<string, string[]>;
  retryAfter?: number;

  constructor(status: number, message: string, errors?: Record<string, string[]>, retryAfter?: number) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.errors = errors;
    this.retryAfter = retryAfter;
  }
}

type Params = Record<string, unknown>;

export interface RequestOptions {
  params?: Params;
  body?: unknown;
  /** Override the tab's account token (e.g. right after a sign-in); `null` sends no token. */
  token?: string | null;
  signal?: AbortSignal;
}

/** `{ids: [1, 2], order: {key, direction}}` → `ids[0]=1&ids[1]=2&order[key]=…`; empty values are left out. */
export function toQueryString(params: Params | undefined): string {
  if (!params) return "";
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null || value === "") return;
    if (Array.isArray(value)) {
      value.forEach((v, i) => {
        add(`${key}[${i}]`, v);
      });
    } else if (typeof value === "object" && !(value instanceof Date)) {
      for (const [k, v] of Object.entries(value as Params)) add(`${key}[${k}]`, v);
    } else {
      const v = value instanceof Date ? value.toISOString() : String(value);
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(v)}`);
    }
  };
  for (const [k, v] of Object.entries(params)) add(k, v);
  return parts.length ? `?${parts.join("&")}` : "";
}

let loggingOut = false;
/** Spec §4/§8: any 403 clears every logged account and leads to the sign-in page. */
function forceLogoutEverywhere() {
  if (loggingOut) return;
  loggingOut = true;
  clearAccounts();
  window.location.assign("/signin");
}

export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const account = opts.token === undefined ? resolveTabAccount() : undefined;
  const token = opts.token === undefined ? account?.token : opts.token;
  const headers: Record<string, string> = { Accept: "application/json" };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;

  let res: Response;
  try {
    res = await fetch(`/api${path}${toQueryString(opts.params)}`, { method, headers, body, signal: opts.signal });
  } catch (e) {
    if (e instanceof DOMException && e.name === "AbortError") throw e;
    throw new ApiError(0, "Network error: the server cannot be reached.");
  }

  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { message: text };
    }
  }
  if (res.ok) return data as T;

  const payload = (data ?? {}) as { message?: unknown; errors?: Record<string, string[]> };
  const message = typeof payload.message === "string" && payload.message ? payload.message : res.statusText || "Request failed";
  const retry = res.headers.get("Retry-After");
  const error = new ApiError(res.status, message, payload.errors, retry ? Number(retry) : undefined);

  if (token) {
    if (res.status === 403) forceLogoutEverywhere();
    else if (res.status === 401) {
      const index = account?.index ?? currentIndexFromPath();
      if (index !== null && index !== undefined) markAccountExpired(index);
    }
  }
  throw error;
}

export const api = {
  get: <T>(path: string, params?: Params, opts?: Omit<RequestOptions, "params">) => request<T>("GET", path, { ...opts, params }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, "body">) => request<T>("POST", path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, "body">) => request<T>("PUT", path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, "body">) => request<T>("PATCH", path, { ...opts, body }),
  delete: <T>(path: string, params?: Params, opts?: Omit<RequestOptions, "params">) => request<T>("DELETE", path, { ...opts, params }),
};
