import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  /** User id. */
  sub: string;
  /** The user's token version when signed; a password change or deactivation bumps it. */
  tv: number;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** Resolves with the claims, or null for an expired, tampered, unsigned or malformed token. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ sub, tv }) =>
      new SignJWT({ tv })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
        return { sub: payload.sub, tv: payload.tv };
      } catch {
        return null;
      }
    },
  };
}
