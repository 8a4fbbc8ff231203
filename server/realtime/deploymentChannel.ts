import { createHash } from 'node:crypto';

/**
 * A Redis channel (or key prefix) that only the processes of one deployment share. A deployment is
 * the set of processes that accept each other's tokens, so the name derives from the signing secret
 * (hashed: never the secret itself). Deployments, or parallel test databases, sharing one Redis then
 * never hear each other's pushes.
 */
export function deploymentChannel(jwtSecret: string, purpose: string): string {
  const id = createHash('sha256').update(jwtSecret).digest('hex').slice(0, 16);
  return `facilityops:${id}:${purpose}`;
}
