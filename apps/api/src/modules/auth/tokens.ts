import crypto from 'node:crypto';
import type { AccessClaims } from '@reach/contract/auth';
import { ACCESS_TOKEN_TTL_SECONDS } from '@reach/contract/constants';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  exportJWK,
  importPKCS8,
  type JWK,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from 'jose';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../config';
import { secretFromEnvOrFile } from '../../lib/secrets';

export type TokenService = Awaited<ReturnType<typeof createTokenService>>;

/** Verified identity of a request: either our own access token or one from the external OIDC issuer. */
export type VerifiedToken =
  | { issuer: 'local'; claims: AccessClaims }
  | { issuer: 'external'; payload: JWTPayload };

/** What an invite link's token says: who invites, to which campaign. */
/** `outreachId`: the outreach record (campaign_invitations) a mailed link was made for, when it was. */
export type InviteClaims = { campaignId: number; businessId: number; issuedBy: number; outreachId?: number };
const INVITE_AUDIENCE = 'reach-invite';

/**
 * Signs and verifies access tokens: EdDSA (Ed25519) JWTs, 15 minutes. The signing key comes from
 * JWT_PRIVATE_KEY or is generated on the first start and kept in DATA_DIR/keys.
 */
export async function createTokenService(config: Config) {
  const pem = secretFromEnvOrFile({
    value: config.JWT_PRIVATE_KEY?.replace(/\\n/g, '\n'),
    dataDir: config.dataDir,
    file: 'jwt-ed25519.pem',
    mayGenerate: config.devTools,
    envName: 'JWT_PRIVATE_KEY',
    generate: () =>
      crypto.generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  });
  const privateKey = await importPKCS8(pem, 'EdDSA', { extractable: true });
  const publicJwk = await exportJWK(crypto.createPublicKey(pem));
  const kid = crypto.createHash('sha256').update(JSON.stringify(publicJwk)).digest('base64url').slice(0, 16);
  const jwk: JWK = { ...publicJwk, kid, alg: 'EdDSA', use: 'sig' };
  const localKeys = createLocalJWKSet({ keys: [jwk] });
  /*
   * Access tokens this process has verified, until they expire: a client sends the same token with every
   * request for its 15 minutes, and checking its Ed25519 signature again each time was about a quarter of the
   * CPU of a simple authenticated read. Only a token that verified is kept, under its exact text, so a forged or
   * altered one never matches; what can end a token early (logout, a password change, a suspension) is the
   * token version, which the auth plugin still checks on every request.
   */
  const verified = new LRUCache<string, VerifiedToken>({ max: 10_000 });

  let externalKeys: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;
  /** The external issuer's key set, discovered once (concurrent requests share it; a failure is retried). */
  function getExternalKeys() {
    if (!config.OIDC_ISSUER) return undefined;
    if (!externalKeys) {
      const issuer = config.OIDC_ISSUER;
      externalKeys = (async () => {
        const res = await fetch(
          new URL('.well-known/openid-configuration', `${issuer.replace(/\/$/, '')}/`),
          {
            signal: AbortSignal.timeout(5000),
          },
        );
        if (!res.ok) throw new Error(`OIDC discovery failed with ${res.status}`);
        const discovery = (await res.json()) as { jwks_uri?: unknown };
        if (typeof discovery.jwks_uri !== 'string') throw new Error('OIDC discovery has no jwks_uri');
        return createRemoteJWKSet(new URL(discovery.jwks_uri), { timeoutDuration: 5000 });
      })();
      externalKeys.catch(() => {
        externalKeys = undefined;
      });
    }
    return externalKeys;
  }

  return {
    jwks: { keys: [jwk] },
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,

    sign(claims: AccessClaims): Promise<string> {
      const { sub, ...rest } = claims;
      return new SignJWT(rest)
        .setProtectedHeader({ alg: 'EdDSA', kid, typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(config.JWT_ISSUER)
        .setAudience(config.JWT_AUDIENCE)
        .setIssuedAt()
        .setJti(crypto.randomUUID())
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(privateKey);
    },

    /**
     * Signs an invite link's token: the campaign it invites to, valid `ttlSeconds`. Its audience differs from
     * access tokens', so an invite token never authenticates a request.
     */
    signInvite(claims: InviteClaims, ttlSeconds: number): Promise<string> {
      return new SignJWT({
        cid: claims.campaignId,
        bid: claims.businessId,
        ...(claims.outreachId ? { oid: claims.outreachId } : {}),
      })
        .setProtectedHeader({ alg: 'EdDSA', kid, typ: 'JWT' })
        .setSubject(String(claims.issuedBy))
        .setIssuer(config.JWT_ISSUER)
        .setAudience(INVITE_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(privateKey);
    },

    /** The claims of a valid invite token, or null (bad signature, expired, not an invite token). */
    async verifyInvite(token: string): Promise<InviteClaims | null> {
      try {
        const { payload } = await jwtVerify(token, localKeys, {
          issuer: config.JWT_ISSUER,
          audience: INVITE_AUDIENCE,
          algorithms: ['EdDSA'],
        });
        const campaignId = Number(payload.cid);
        const businessId = Number(payload.bid);
        const issuedBy = Number(payload.sub);
        if (![campaignId, businessId, issuedBy].every((n) => Number.isInteger(n) && n > 0)) return null;
        const outreachId = Number(payload.oid);
        return Number.isInteger(outreachId) && outreachId > 0
          ? { campaignId, businessId, issuedBy, outreachId }
          : { campaignId, businessId, issuedBy };
      } catch {
        return null;
      }
    },

    /** Verifies a bearer token; throws on any problem (bad signature, alg none, expired, wrong audience). */
    async verify(token: string): Promise<VerifiedToken> {
      const known = verified.get(token);
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, localKeys, {
          issuer: config.JWT_ISSUER,
          audience: config.JWT_AUDIENCE,
          algorithms: ['EdDSA'],
        });
        const result: VerifiedToken = {
          issuer: 'local',
          claims: Object.freeze(payload) as unknown as AccessClaims,
        };
        if (typeof payload.exp === 'number') {
          // Kept until its expiry by this clock, the one jwtVerify checked it against.
          const ttl = payload.exp * 1000 - Date.now();
          if (ttl > 0) verified.set(token, result, { ttl });
        }
        return result;
      } catch (error) {
        const keys = await getExternalKeys();
        if (!keys) throw error;
        const { payload } = await jwtVerify(token, keys, {
          issuer: config.OIDC_ISSUER,
          algorithms: ['RS256', 'ES256', 'EdDSA'],
        });
        if (config.OIDC_AUDIENCE && !audienceMatches(payload, config.OIDC_AUDIENCE)) {
          throw new Error('external token has the wrong audience');
        }
        return { issuer: 'external', payload };
      }
    },
  };
}

/**
 * OIDC_AUDIENCE is the `aud` of ID tokens; access tokens of some issuers (Cognito) carry no `aud` but the app
 * client in `client_id` instead.
 */
function audienceMatches(payload: JWTPayload, audience: string): boolean {
  if (payload.aud !== undefined) {
    return Array.isArray(payload.aud) ? payload.aud.includes(audience) : payload.aud === audience;
  }
  return payload.client_id === audience;
}
