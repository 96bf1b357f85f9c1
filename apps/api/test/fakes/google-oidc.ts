import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** An HTTP server on a random loopback port; the handler can be set once the origin is known. */
export async function localServer() {
  let handler: Handler = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    handle(next: Handler) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

// ---- a real OpenID provider standing in for Google ------------------------------------------------------------

export type Account = { email: string; email_verified: boolean; given_name: string; family_name: string };

type OidcProvider = {
  callback(): Handler;
  interactionDetails(
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ): Promise<{ prompt: { name: string }; params: Record<string, unknown> }>;
  interactionFinished(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: new (init: {
    accountId: string;
    clientId: string;
  }) => {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  };
};

/** oidc-provider ships no type declarations; it is loaded by name so the compiler does not look for them. */
async function loadOidcProvider() {
  const name = 'oidc-provider';
  const mod = (await import(name)) as {
    Provider: new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;
  };
  return mod.Provider;
}

export async function startGoogle(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  accounts: Record<string, Account>;
  /** Which account the next login interaction signs in as. */
  nextAccount: () => string;
}) {
  const server = await localServer();
  const Provider = await loadOidcProvider();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey: JWK = { ...(await exportJWK(privateKey)), kid: 'test-rs256', alg: 'RS256', use: 'sig' };
  const provider = new Provider(server.origin, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    findAccount: async (_ctx: unknown, id: string) => {
      const account = options.accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
    jwks: { keys: [signingKey] },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
  });
  const interactions: string[] = [];
  const callback = provider.callback();
  let available = true;
  server.handle((req, res) => {
    if (!available) return sendJson(res, 503, { error: 'temporarily_unavailable' });
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    // The login and consent pages, answered at once for the chosen account.
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      interactions.push(details.prompt.name);
      const accountId = options.nextAccount();
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  return {
    issuer: server.origin,
    interactions,
    close: server.close,
    /** While false, every request (discovery included) answers 503. */
    setAvailable(value: boolean) {
      available = value;
    },
  };
}
