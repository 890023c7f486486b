/**
 * Per-test stand-in for global fetch: routes answer by path, every call is
 * recorded with its parsed URL so tests can assert the query parameters.
 */
export interface FakeResponseInit {
  status?: number;
  body?: unknown;
}

export type RouteHandler = (url: URL, init: RequestInit | undefined) => FakeResponseInit | Promise<FakeResponseInit>;

export function fakeResponse({ status = 200, body }: FakeResponseInit): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: async () => text,
    json: async () => JSON.parse(text),
  } as unknown as Response;
}

export interface FetchStub {
  mock: jest.Mock<Promise<Response>, [input: RequestInfo | URL, init?: RequestInit]>;
  /** Every request URL seen so far (parsed). */
  urls: () => URL[];
  /** Requests to one path. */
  callsTo: (pathname: string) => URL[];
}

/** Installs global.fetch answering `routes[pathname]` (exact, then longest prefix ending in '/*'); 404 otherwise. */
export function stubFetch(routes: Record<string, RouteHandler | FakeResponseInit>): FetchStub {
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const route =
      routes[url.pathname] ??
      Object.entries(routes)
        .filter(([pattern]) => pattern.endsWith('/*') && url.pathname.startsWith(pattern.slice(0, -1)))
        .sort(([a], [b]) => b.length - a.length)[0]?.[1];
    if (!route) return fakeResponse({ status: 404, body: { statusCode: 404, message: `No stub for ${url.pathname}` } });
    const answer = typeof route === 'function' ? await route(url, init) : route;
    return fakeResponse(answer);
  });
  (globalThis as { fetch?: unknown }).fetch = mock;
  const urls = () => mock.mock.calls.map(([input]) => new URL(String(input)));
  return { mock, urls, callsTo: (pathname) => urls().filter((url) => url.pathname === pathname) };
}

export function restoreFetch(): void {
  delete (globalThis as { fetch?: unknown }).fetch;
}
