import type { FastifyInstance } from 'fastify';

/**
 * Listens on a free local port, prints `{"port":…}` for the bench that started this process, and
 * on SIGTERM closes the app, then whatever else it holds (the database).
 */
export async function listenForBench(app: FastifyInstance, close: () => Promise<void> = async () => {}) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
  process.on('SIGTERM', async () => {
    await app.close();
    await close();
    process.exit(0);
  });
}
