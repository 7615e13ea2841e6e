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
/** Any 403 clears every logged account and leads to the sign-in page (docs/product/accounts-sources-leads.md). */
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

  return settle<T>(res.status, res.statusText, await res.text(), res.headers.get("Retry-After"), token, account);
}

/** Parses an answer; a failure becomes an ApiError after the session rules (403 clears every account, 401 expires this one). */
function settle<T>(
  status: number,
  statusText: string,
  text: string,
  retryAfter: string | null,
  token: string | null | undefined,
  account: ReturnType<typeof resolveTabAccount>,
): T {
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { message: text };
    }
  }
  if (status >= 200 && status < 300) return data as T;

  const payload = (data ?? {}) as { message?: unknown; errors?: Record<string, string[]> };
  const message = typeof payload.message === "string" && payload.message ? payload.message : statusText || "Request failed";
  const error = new ApiError(status, message, payload.errors, retryAfter ? Number(retryAfter) : undefined);

  if (token) {
    if (status === 403) forceLogoutEverywhere();
    else if (status === 401) {
      const index = account?.index ?? currentIndexFromPath();
      if (index !== null && index !== undefined) markAccountExpired(index);
    }
  }
  throw error;
}

/**
 * POSTs multipart form data with upload progress (fetch cannot report it): `onProgress` gets 0–1 as bytes leave.
 * Same token and error rules as `request`.
 */
export function upload<T>(
  path: string,
  formData: FormData,
  onProgress?: (fraction: number) => void,
  opts: Pick<RequestOptions, "signal" | "params"> = {},
): Promise<T> {
  const account = resolveTabAccount();
  const token = account?.token;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api${path}${toQueryString(opts.params)}`);
    xhr.setRequestHeader("Accept", "application/json");
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
      };
      xhr.upload.onload = () => onProgress(1);
    }
    xhr.onload = () => {
      try {
        resolve(settle<T>(xhr.status, xhr.statusText, xhr.responseText, xhr.getResponseHeader("Retry-After"), token, account));
      } catch (e) {
        reject(e);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, "Network error: the server cannot be reached."));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    if (opts.signal) {
      if (opts.signal.aborted) return reject(new DOMException("The upload was cancelled.", "AbortError"));
      opts.signal.addEventListener("abort", () => xhr.abort(), { once: true });
    }
    xhr.send(formData);
  });
}

export const api = {
  get: <T>(path: string, params?: Params, opts?: Omit<RequestOptions, "params">) => request<T>("GET", path, { ...opts, params }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, "body">) => request<T>("POST", path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, "body">) => request<T>("PUT", path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, "body">) => request<T>("PATCH", path, { ...opts, body }),
  delete: <T>(path: string, params?: Params, opts?: Omit<RequestOptions, "params">) => request<T>("DELETE", path, { ...opts, params }),
};
