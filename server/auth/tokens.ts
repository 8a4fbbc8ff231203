import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  /** User id. */
  sub: string;
  /** The user's token version when signed; a password change or deactivation bumps it. */
  tv: number;
}

export interface VerifiedClaims extends TokenClaims {
  /** Epoch ms after which the token is refused. */
  expiresAt: number;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** Resolves with the claims, or null for an expired, tampered, unsigned or malformed token. */
  verify(token: string): Promise<VerifiedClaims | null>;
}

const VERIFIED_CACHE_LIMIT = 10_000;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  // Signature checks go through WebCrypto's thread pool; a token already verified in this process
  // is trusted again until its own expiry. Revocation is not decided here but by the token version.
  const verified = new Map<string, VerifiedClaims>();
  return {
    sign: ({ sub, tv }) =>
      new SignJWT({ tv })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      const hit = verified.get(token);
      if (hit) {
        if (hit.expiresAt > Date.now()) return hit;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number' || typeof payload.exp !== 'number') return null;
        const claims = { sub: payload.sub, tv: payload.tv, expiresAt: payload.exp * 1000 };
        if (verified.size >= VERIFIED_CACHE_LIMIT) verified.clear();
        verified.set(token, claims);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
