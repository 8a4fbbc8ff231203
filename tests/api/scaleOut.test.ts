import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { sharedServices, twoProcesses } from './helpers/sharedServices';
import { users } from '../../server/db/schema';

const servers = await sharedServices('two server processes sharing one database and one Redis');

/** Two server instances on one PostgreSQL and one Redis, as behind a load balancer (DESIGN §1). */
describe.skipIf(!servers)('two processes sharing PostgreSQL and Redis', () => {
  const processes = twoProcesses(servers);

  const init = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/api/token/init', headers: { 'x-auth': token } });

  it('accepts a token signed by the other process (one shared secret)', async () => {
    const token = await processes.first.login('engineer');
    expect((await init(processes.second, token)).statusCode).toBe(200);
  });

  it('stops accepting a deactivated user\'s token in the other process at once', async () => {
    const token = await processes.first.login('technician');
    expect((await init(processes.second, token)).statusCode).toBe(200);
    const [row] = await processes.first.app.services.db.select().from(users).where(eq(users.username, 'technician'));
    await processes.first.app.services.users.update(row!._id, { status: 'inactive' });
    await expect.poll(async () => (await init(processes.second, token)).statusCode, { timeout: 4000, interval: 20 }).toBe(401);
  });

  it("shows an administrator's change made through one process in the other's next init answers", async () => {
    const token = await processes.first.login('thermo.tech');
    const nameOnSecond = async () => ((await init(processes.second, token)).json() as { name: string }).name;
    // Asked twice: the second process keeps its answer (docs/decisions.md "The hot path").
    expect(await nameOnSecond()).toBe('Tara Thermography');
    expect(await nameOnSecond()).toBe('Tara Thermography');
    const [row] = await processes.first.app.services.db.select().from(users).where(eq(users.username, 'thermo.tech'));
    const renamed = await processes.first.request({
      as: 'admin', method: 'PUT', url: `/api/user/updateByUserAdministration/${row!._id}`, payload: { name: 'Tara Thermal' },
    });
    expect(renamed.statusCode).toBe(200);
    await expect.poll(nameOnSecond, { timeout: 4000, interval: 20 }).toBe('Tara Thermal');
  });
});
