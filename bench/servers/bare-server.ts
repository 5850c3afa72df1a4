// A bare Fastify route answering fixed bytes: the ceiling the real endpoint is compared with.
import { readFile } from 'node:fs/promises';
import Fastify from 'fastify';

const file = process.env.BODY_FILE;
if (!file) throw new Error('BODY_FILE is required');
const body = await readFile(file);
const app = Fastify({ logger: false });
app.get('/api/screen-auth/ads', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
