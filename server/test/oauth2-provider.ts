import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';

/** A local stand-in OAuth2 provider (authorization-code flow) for tests: one user, one client. */
export interface StandInProvider {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The environment that points the reference server at this provider. */
  env: Record<string, string>;
  /** Token requests seen (form fields). */
  tokenRequests: Record<string, string>[];
  /** Issues a code directly (what /authorize would redirect with). */
  issueCode(redirectUri: string): string;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
  });
}

/** Starts the provider on 127.0.0.1; `username` is what its userinfo endpoint answers. */
export async function startStandInProvider(username = 'admin'): Promise<StandInProvider> {
  const clientId = 'console-client';
  const clientSecret = randomBytes(8).toString('hex');
  const codes = new Map<string, string>(); // code → redirect_uri
  const tokens = new Set<string>();
  const tokenRequests: Record<string, string>[] = [];
  const issueCode = (redirectUri: string) => {
    const code = randomBytes(8).toString('hex');
    codes.set(code, redirectUri);
    return code;
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/authorize') {
        // A real provider would ask the person to sign in and consent; this one agrees at once.
        const redirect = url.searchParams.get('redirect_uri') ?? '';
        if (url.searchParams.get('client_id') !== clientId || url.searchParams.get('response_type') !== 'code' || !redirect) return json(400, { error: 'invalid_request' });
        const target = new URL(redirect);
        target.searchParams.set('code', issueCode(redirect));
        target.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: target.toString() });
        return res.end();
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
        tokenRequests.push(form);
        const expected = form.code ? codes.get(form.code) : undefined;
        if (form.grant_type !== 'authorization_code' || form.client_id !== clientId || form.client_secret !== clientSecret || !expected || expected !== form.redirect_uri) {
          return json(400, { error: 'invalid_grant' });
        }
        codes.delete(form.code ?? '');
        const token = randomBytes(12).toString('hex');
        tokens.add(token);
        return json(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      }
      if (url.pathname === '/userinfo') {
        const auth = req.headers.authorization ?? '';
        if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7))) return json(401, { error: 'invalid_token' });
        return json(200, { sub: '42', preferred_username: username, name: username });
      }
      return json(404, { error: 'not_found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    clientId,
    clientSecret,
    tokenRequests,
    issueCode,
    env: {
      OAUTH2_PROVIDER_NAME: 'Stand-in',
      OAUTH2_AUTHORIZE_URL: `${url}/authorize`,
      OAUTH2_TOKEN_URL: `${url}/token`,
      OAUTH2_USERINFO_URL: `${url}/userinfo`,
      OAUTH2_CLIENT_ID: clientId,
      OAUTH2_CLIENT_SECRET: clientSecret,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
