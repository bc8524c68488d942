/**
 * The identity server as openid-client sees it (decision 038): discovered once from the issuer URL and kept; a failed
 * discovery is not kept, so the next sign-in tries again.
 */
import * as oidc from 'openid-client';
import type { SsoConfig } from '../../config.js';
import { AppError } from '../../http/errors.js';

/** The scopes of the identity client (administration.md §9). */
export const SSO_SCOPES = 'openid roles userinfo';
/** Clock-skew tolerance for the ID token's times, in seconds: small. */
const CLOCK_TOLERANCE_SECONDS = 10;

const discovered = new Map<string, Promise<oidc.Configuration>>();

function discover(sso: SsoConfig): Promise<oidc.Configuration> {
  const issuer = new URL(sso.issuer);
  const auth = sso.clientSecret ? oidc.ClientSecretBasic(sso.clientSecret) : oidc.None();
  const metadata: oidc.ClientMetadata = {
    client_id: sso.clientId,
    ...(sso.clientSecret ? { client_secret: sso.clientSecret } : {}),
    [oidc.clockTolerance]: CLOCK_TOLERANCE_SECONDS,
  };
  return oidc.discovery(issuer, sso.clientId, metadata, auth, {
    execute: [
      // The ID token's signature is checked against the identity server's keys (JWKS) even though it comes straight
      // from the token endpoint, where the library would otherwise rely on TLS alone.
      oidc.enableNonRepudiationChecks,
      // Plain HTTP only where the configured issuer itself is (the demonstration identity server on localhost).
      ...(issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : []),
    ],
    timeout: 10,
  });
}

export async function ssoClient(sso: SsoConfig): Promise<oidc.Configuration> {
  const key = `${sso.issuer}|${sso.clientId}`;
  let config = discovered.get(key);
  if (!config) {
    config = discover(sso);
    discovered.set(key, config);
  }
  try {
    return await config;
  } catch (error) {
    discovered.delete(key);
    throw new AppError('BAD_GATEWAY', 'The sign-in service cannot be reached. Try again in a moment.', undefined, {
      cause: error,
    });
  }
}
