import request from 'supertest';
import type { App } from 'supertest/types';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * A browser-like client: keeps cookies, and echoes the XSRF-TOKEN cookie in
 * X-XSRF-TOKEN on unsafe requests, as the SPA does.
 */
export class BrowserClient {
  readonly agent: ReturnType<typeof request.agent>;
  xsrf: string | null = null;

  constructor(http: App) {
    this.agent = request.agent(http);
  }

  private remember(response: request.Response): request.Response {
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    for (const cookie of cookies) {
      const match = /^XSRF-TOKEN=([^;]*)/.exec(cookie);
      if (match) this.xsrf = decodeURIComponent(match[1]);
    }
    return response;
  }

  /** Fetches a page first so the anti-forgery cookie exists. */
  async init(): Promise<this> {
    this.remember(await this.agent.get('/health'));
    return this;
  }

  async send(method: Method, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<request.Response> {
    let test = this.agent[method](path);
    if (method !== 'get' && this.xsrf) test = test.set('X-XSRF-TOKEN', this.xsrf);
    for (const [name, value] of Object.entries(headers)) test = test.set(name, value);
    if (body !== undefined) test = test.send(body as object);
    return this.remember(await test);
  }

  get(path: string) {
    return this.send('get', path);
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.send('post', path, body, headers);
  }
  put(path: string, body?: unknown) {
    return this.send('put', path, body);
  }
  patch(path: string, body?: unknown) {
    return this.send('patch', path, body);
  }
  delete(path: string) {
    return this.send('delete', path);
  }

  async login(email: string, password: string): Promise<request.Response> {
    const response = await this.post('/home/user/login', { email, password, google: false });
    if (response.status !== 200) throw new Error(`login ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response;
  }
}

export async function browser(http: App): Promise<BrowserClient> {
  return new BrowserClient(http).init();
}

/** Registers a client (or a plumber) through the API and answers its signed-in browser and id; `fields` replace the form's. */
export async function registerAccount(
  http: App,
  email: string,
  kind: 'cliente' | 'profesional' = 'cliente',
  fields: { firstName?: string; lastName?: string; phoneNumber?: string; address?: string } = {},
): Promise<{ client: BrowserClient; id: number }> {
  const client = await browser(http);
  const response = await client.post('/home/user/register', {
    firstName: 'Rol',
    lastName: 'Prueba',
    email,
    password: 'clave-segura-1',
    phoneNumber: '1155556666',
    address: 'Calle 1',
    ...fields,
    // A professional's price and days are required: the terms the suites have always counted on, $10.000 Monday to Friday.
    ...(kind === 'profesional'
      ? {
          isProfessional: true,
          professions: ['plomero'],
          dayPrice: 10000,
          availableDays: ['lunes', 'martes', 'miercoles', 'jueves', 'viernes'],
        }
      : { isClient: true }),
  });
  if (response.status !== 201) throw new Error(`register ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { client, id: response.body.dataValues.id as number };
}
