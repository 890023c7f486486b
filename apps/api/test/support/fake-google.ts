import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';

/** What the fake Google's userinfo says about the account the next consent picks. */
export interface GoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

export interface FakeGoogle {
  /** The env an app needs to use it as real Google (GOOGLE_CLIENT_ID and the three endpoints). */
  env: Record<string, string>;
  /** The account the next authorization consents as. */
  nextProfile(profile: GoogleProfile): void;
  close(): Promise<void>;
}

/**
 * A minimal OAuth2/OpenID provider playing real Google for the API (not the demo stand-in): authorize consents at
 * once as the chosen profile, token trades the code, userinfo answers the profile.
 */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  let next: GoogleProfile | null = null;
  const byCode = new Map<string, GoogleProfile>();
  const byToken = new Map<string, GoogleProfile>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-google');
    const json = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'GET' && url.pathname === '/authorize') {
      if (!next) return json(400, { error: 'no profile chosen' });
      const code = randomBytes(8).toString('hex');
      byCode.set(code, next);
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return res.writeHead(302, { Location: back.href }).end();
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const profile = byCode.get(new URLSearchParams(body).get('code') ?? '');
        if (!profile) return json(400, { error: 'invalid_grant' });
        const token = randomBytes(8).toString('hex');
        byToken.set(token, profile);
        json(200, { access_token: token, token_type: 'Bearer', expires_in: 300 });
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/userinfo') {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /i, '') || url.searchParams.get('access_token') || '';
      const profile = byToken.get(token);
      return profile ? json(200, profile) : json(401, { error: 'invalid_token' });
    }
    json(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  return {
    env: {
      GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-client-secret',
      GOOGLE_AUTH_URL: `${base}/authorize`,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_USERINFO_URL: `${base}/userinfo`,
    },
    nextProfile(profile) {
      next = profile;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
