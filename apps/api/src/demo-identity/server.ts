/**
 * A demonstration OpenID Connect identity server (oidc-provider; decision 038), for `npm start` with
 * DEMO_IDENTITY_SERVER=on and for the tests: authorization code flow with PKCE S256 required, the scopes openid, roles
 * and userinfo, the userinfo endpoint at /connect/userinfo (administration.md §7), RP-initiated logout, and a sign-in
 * page that checks the demo accounts' username and password. Keys and cookie secrets are made at start: it keeps
 * nothing, so a restart signs everybody out of it.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { demoIdentities, type DemoIdentity } from './accounts.js';
import { escapeHtml, loginPage, signOutPage, signingOutPage } from './login-page.js';

export interface DemoClient {
  clientId: string;
  /** Unset: a public client. */
  clientSecret?: string | undefined;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

export interface DemoIdentityServer {
  issuer: string;
  port: number;
  /** The accounts it signs in; a test may change an account's claims between two sign-ins. */
  identities: DemoIdentity[];
  close(): Promise<void>;
}

const SCOPES = 'openid roles userinfo';

function providerConfiguration(clients: DemoClient[], identities: DemoIdentity[]): Configuration {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: crypto.randomBytes(8).toString('hex'), use: 'sig' };
  return {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      ...(c.clientSecret
        ? { client_secret: c.clientSecret, token_endpoint_auth_method: 'client_secret_basic' as const }
        : { token_endpoint_auth_method: 'none' as const }),
      redirect_uris: c.redirectUris,
      post_logout_redirect_uris: c.postLogoutRedirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: [crypto.randomBytes(32).toString('base64url')] },
    // PKCE with S256 only: oidc-provider accepts no other method.
    pkce: { required: () => true },
    scopes: SCOPES.split(' '),
    claims: {
      openid: ['sub'],
      roles: ['permission', 'brandid', 'companyid', 'sqldbid', 'branches'],
      userinfo: ['preferred_username', 'name', 'given_name', 'family_name', 'email', 'email_verified'],
    },
    routes: {
      authorization: '/connect/authorize',
      token: '/connect/token',
      userinfo: '/connect/userinfo',
      end_session: '/connect/endsession',
      jwks: '/.well-known/openid-configuration/jwks',
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // Asked by the application of the signed-in account, with its ID token as the hint (checked by oidc-provider
        // before this runs: signature, issuer, audience), the session ends at once and the browser goes back: one
        // click signs out of both. Without a hint, or with another account's, it asks first, as RP-Initiated Logout
        // requires (a page of another site could otherwise sign the user out).
        logoutSource: (ctx, form) => {
          const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
          const account = ctx.oidc.session?.accountId;
          ctx.type = 'html';
          ctx.body = account !== undefined && hint?.payload?.sub === account ? signingOutPage(form) : signOutPage(form);
        },
      },
      userinfo: { enabled: true },
    },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const identity = identities.find((i) => i.sub === sub);
      if (!identity) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...identity.claims }) };
    },
    // A first-party client: no consent screen, the scopes it asks for are granted.
    loadExistingGrant: async (ctx) => {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPES);
      await grant.save();
      return grant;
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><title>Sign-in error</title></head><body><main><h1>Sign-in error</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p></main></body></html>`;
    },
  };
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 10_000) break;
  }
  return new URLSearchParams(body);
}

/** Start the identity server on `port` (0: any free port) of localhost; its issuer is http://localhost:{port}. */
export async function startDemoIdentityServer(options: {
  port: number;
  clients: DemoClient[];
  identities?: DemoIdentity[];
  /** The issuer when it is not http://localhost:{port} (the port must then be fixed). */
  issuer?: string;
}): Promise<DemoIdentityServer> {
  const identities = options.identities ?? demoIdentities();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = options.issuer ?? `http://localhost:${port}`;
  const provider = new Provider(issuer, providerConfiguration(options.clients, identities));
  const callback = provider.callback();

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    const match = /^\/interaction\/([\w-]{1,100})$/.exec(path);
    if (!match) {
      void callback(req, res);
      return;
    }
    void interaction(req, res).catch((error: unknown) => {
      res.statusCode = 400;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(loginPage({ action: path, error: error instanceof Error ? error.message : 'The sign-in failed.' }));
    });
  });

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    const action = `/interaction/${details.uid}`;
    if (details.prompt.name !== 'login') {
      // The grant is loaded without consent (loadExistingGrant): nothing else to ask.
      await provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
      return;
    }
    if (req.method !== 'POST') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(loginPage({ action }));
      return;
    }
    const form = await readForm(req);
    const username = (form.get('username') ?? '').trim();
    const identity = identities.find(
      (i) => i.username.toLowerCase() === username.toLowerCase() && i.password === form.get('password'),
    );
    if (!identity) {
      res.statusCode = 401;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(loginPage({ action, username, error: 'Invalid username or password.' }));
      return;
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: identity.sub } },
      { mergeWithLastSubmission: false },
    );
  }

  return {
    issuer,
    port,
    identities,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
