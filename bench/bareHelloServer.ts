import Fastify from 'fastify';

/**
 * The yardstick of bench/tokenInit.ts: a bare Fastify 5 app answering `{hello:'world'}`, in a
 * process of its own like the app's, so both are measured with the same Node and the same client.
 */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
// An orderly exit, so that `--cpu-prof` (BARE_NODE_ARGS) gets to write its profile.
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
