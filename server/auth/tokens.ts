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
  /** The claims of a token this process verified before and that has not expired, without waiting; else undefined. */
  verifiedBefore(token: string): VerifiedClaims | undefined;
}

const VERIFIED_CACHE_LIMIT = 10_000;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  // Signature checks go through WebCrypto's thread pool; a token already verified in this process
  // is trusted again until its own expiry. Revocation is not decided here but by the token version.
  const verified = new Map<string, VerifiedClaims>();
  const verifiedBefore = (token: string) => {
    const hit = verified.get(token);
    return hit && hit.expiresAt > Date.now() ? hit : undefined;
  };
  return {
    sign: ({ sub, tv }) =>
      new SignJWT({ tv })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verifiedBefore,
    async verify(token) {
      const hit = verifiedBefore(token);
      if (hit) return hit;
      // Expired, if there at all: checked afresh.
      verified.delete(token);
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
