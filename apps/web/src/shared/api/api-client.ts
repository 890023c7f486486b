import type { ApiErrorBody, ApiErrorCode, FieldError } from '@oficios/domain';

/**
 * The one HTTP client of the SPA: JSON over fetch, cookies included, the
 * anti-forgery cookie echoed on unsafe methods, non-2xx answers thrown as ApiError.
 */
export const API_URL: string = __API_URL__;
/**
 * Base of the cart, order and payment calls (spec §7: a dedicated backend host).
 * Jest defines only `__API_URL__`, hence the typeof guard.
 */
export const PAYMENTS_API_URL: string = typeof __PAYMENTS_API_URL__ === 'string' ? __PAYMENTS_API_URL__ : API_URL;

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The API's stable reason (`ApiErrorBody.code`), null when the answer did not come from the API. */
  readonly code: ApiErrorCode | string | null;
  readonly errors: FieldError[];

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const answer = (body ?? {}) as Partial<ApiErrorBody>;
    this.code = typeof answer.code === 'string' ? answer.code : null;
    this.errors = Array.isArray(answer.errors) ? answer.errors : [];
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  baseUrl?: string;
}

export function buildUrl(path: string, params?: QueryParams, baseUrl: string = API_URL): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorMessage(status: number, body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message !== '') return message;
  if (Array.isArray(message) && message.length > 0) return message.join(', ');
  return `La solicitud falló (HTTP ${status})`;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A FormData body goes as multipart (fetch writes its Content-Type with the boundary); anything else as JSON.
  const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    const token = readCookie(XSRF_COOKIE);
    if (token) headers[XSRF_HEADER] = token;
  }
  // On the server rendering a visitor's own page: the visitor's cookies (a browser sends its own).
  Object.assign(headers, serverRequestHeaders());

  const response = await fetch(buildUrl(path, options.params, options.baseUrl), {
    method,
    headers,
    credentials: 'include',
    body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
  const body = parseBody(await response.text());
  if (!response.ok) throw new ApiError(response.status, errorMessage(response.status, body), body);
  return body as T;
}

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

/** The HTTP verbs against one base address (a call may still pass its own `baseUrl`). */
function clientFor(baseUrl: () => string) {
  const call = <T>(path: string, options: RequestOptions) => apiRequest<T>(path, { ...options, baseUrl: options.baseUrl ?? baseUrl() });
  return {
    get: <T>(path: string, options?: CallOptions) => call<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: CallOptions) => call<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: CallOptions) => call<T>(path, { ...options, method: 'PUT', body }),
    patch: <T>(path: string, body?: unknown, options?: CallOptions) => call<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T>(path: string, options?: CallOptions) => call<T>(path, { ...options, method: 'DELETE' }),
  };
}

/** Where `apiClient` calls: the API's public address, unless the app renders on the server (see setServerApiUrl). */
let apiBaseUrl = API_URL;

/**
 * Makes `apiClient` call the API at `url`: the server rendering the first pages (src/first-page-render.tsx) reaches it
 * at its own address (inside compose, say), not the public one the browser uses.
 */
export function setServerApiUrl(url: string): void {
  apiBaseUrl = url;
}

/** Headers the server adds to each call it makes while rendering a page for a visitor (see setServerRequestHeaders). */
let serverRequestHeaders: () => Record<string, string> | undefined = () => undefined;

/**
 * Makes `apiClient` add `headers()` to every call: the server rendering a signed-in visitor's page (prerender.tsx)
 * answers there the visitor's Cookie header for the render under way, so the API answers as it would the visitor.
 */
export function setServerRequestHeaders(headers: () => Record<string, string> | undefined): void {
  serverRequestHeaders = headers;
}

export const apiClient = clientFor(() => apiBaseUrl);
/** Cart, order and payment calls (`/api/cart`, `/api/orders`, `/api/mercado`). */
export const paymentsClient = clientFor(() => PAYMENTS_API_URL);
