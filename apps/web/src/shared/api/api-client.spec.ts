import { restoreFetch, stubFetch } from '../../testing/fetch-stub';
import { apiClient, ApiError, buildUrl } from './api-client';

describe('apiClient', () => {
  afterEach(() => {
    restoreFetch();
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('builds URLs against the API base, skipping empty parameters', () => {
    expect(buildUrl('/home/professionals', { page: 1, search: 'ana maría', rating: undefined, sort: null })).toBe(
      'http://localhost:3001/home/professionals?page=1&search=ana+mar%C3%ADa',
    );
  });

  it('sends cookies and no anti-forgery header on GET', async () => {
    document.cookie = 'XSRF-TOKEN=tok%3D1';
    const fetch = stubFetch({ '/home/professions': { body: [{ id: 1, name: 'plomero' }] } });
    await expect(apiClient.get('/home/professions')).resolves.toEqual([{ id: 1, name: 'plomero' }]);
    const init = fetch.mock.mock.calls[0]![1]!;
    expect(init.credentials).toBe('include');
    expect(init.headers).not.toHaveProperty('X-XSRF-TOKEN');
  });

  it('echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN on other methods and sends JSON', async () => {
    document.cookie = 'other=1';
    document.cookie = 'XSRF-TOKEN=tok%3D1';
    const fetch = stubFetch({ '/api/reviews': { status: 201, body: { id: 3 } } });
    await expect(apiClient.post('/api/reviews', { rating: 5 })).resolves.toEqual({ id: 3 });
    const init = fetch.mock.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({ 'X-XSRF-TOKEN': 'tok=1', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"rating":5}');
  });

  it('reads the anti-forgery cookie afresh for each request: the one a login answer sets is echoed next', async () => {
    document.cookie = 'XSRF-TOKEN=signed-out';
    const fetch = stubFetch({
      '/home/user/login': () => {
        // The API binds the token to the new session and sets it with the login answer.
        document.cookie = 'XSRF-TOKEN=signed-in';
        return { body: { msg: 'cliente logeado' } };
      },
      '/api/cart': { status: 201, body: {} },
    });
    await apiClient.post('/home/user/login', { email: 'a@b.c', password: 'x' });
    await apiClient.post('/api/cart', {});
    const headers = fetch.mock.mock.calls.map(([, init]) => (init!.headers as Record<string, string>)['X-XSRF-TOKEN']);
    expect(headers).toEqual(['signed-out', 'signed-in']);
  });

  it('throws an ApiError with the status, message and field errors on non-2xx', async () => {
    stubFetch({
      '/home/professionals': {
        status: 400,
        body: { statusCode: 400, message: 'Parametros invalidos', errors: [{ field: 'rating', message: 'rating debe ser...' }] },
      },
    });
    const error = await apiClient.get('/home/professionals').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Parametros invalidos', errors: [{ field: 'rating' }] });
  });

  it('answers undefined for an empty body', async () => {
    stubFetch({ '/api/cart/1': { status: 204 } });
    await expect(apiClient.delete('/api/cart/1')).resolves.toBeUndefined();
  });
});
