// A bare Fastify route answering fixed bytes: the ceiling the real endpoint is compared with.
import { readFile } from 'node:fs/promises';
import Fastify from 'fastify';
import { listenForBench } from './listen.ts';

const file = process.env.BODY_FILE;
if (!file) throw new Error('BODY_FILE is required');
const body = await readFile(file);
const app = Fastify({ logger: false });
app.get('/api/screen-auth/ads', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await listenForBench(app);
