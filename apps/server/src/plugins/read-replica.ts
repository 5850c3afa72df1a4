import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { ReadReplica, type ReplicaOptions } from '../db/read-replica.ts';
import type { Caller } from '../lib/context.ts';
import { HttpError } from '../lib/http-error.ts';
import { signedInCallerOf } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The streaming replica analytics and the playback log may read from (decision 098); undefined without one. */
    readReplica: ReadReplica | undefined;
    /**
     * Runs a read-only service call with its context's database chosen by decision 098: the replica
     * when it is current enough for the caller, else the primary; a replica that fails mid-read is
     * retried on the primary, so a replica down never fails the page.
     */
    replicaRead<C extends { db: Database; caller: Caller }, T>(ctx: C, work: (ctx: C) => Promise<T>): Promise<T>;
    /** The database a read of `userId` goes to now, the replica only if it answers a ping (for a stream, which cannot be read again once begun). */
    readDatabaseFor(userId: string): Promise<Database>;
  }
  interface FastifyContextConfig {
    /** A route of a method other than GET that changes nothing (an export link): no write of its caller's (decision 098). */
    readsOnly?: boolean;
  }
}

/** Methods that change nothing: a staff request of any other method that succeeded is the user's write. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Reads that may scale out to a PostgreSQL streaming replica (decision 098). Without a replica
 * every read goes to the primary, as before, and no hook is added.
 */
export default fp(
  async function readReplicaPlugin(app: FastifyInstance, opts: { replica?: ReplicaOptions | undefined }) {
    if (opts.replica && app.database.kind !== 'postgres') {
      throw new Error('A read replica (DATABASE_READ_URL) needs the primary on PostgreSQL (DATABASE_URL)');
    }
    const replica = opts.replica
      ? new ReadReplica(app.database, opts.replica, (reason) =>
          app.log.warn({ reason }, 'the read replica does not answer: its reads go to the primary'),
        )
      : undefined;
    app.decorate('readReplica', replica);

    app.decorate('readDatabaseFor', async (userId: string) => {
      if (!replica) return app.database.db;
      const choice = await replica.choose(userId);
      if (choice.source === 'primary') return choice.db;
      // A stream cannot be read again once it has begun: a replica gone since the last look is found out first.
      if (await replica.replica.ping()) return choice.db;
      replica.forget();
      return app.database.db;
    });
    app.decorate(
      'replicaRead',
      async <C extends { db: Database; caller: Caller }, T>(ctx: C, work: (ctx: C) => Promise<T>): Promise<T> => {
        if (!replica) return work(ctx);
        const choice = await replica.choose(ctx.caller.userId);
        app.log.debug({ readFrom: choice.source, why: choice.reason }, 'replica-eligible read routed');
        if (choice.source === 'primary') return work(ctx);
        try {
          return await work({ ...ctx, db: choice.db });
        } catch (error) {
          if (error instanceof HttpError) throw error;
          app.log.warn({ err: error }, 'a read on the replica failed; read again on the primary');
          replica.forget();
          return work(ctx);
        }
      },
    );
    if (!replica) return;

    // Before the answer leaves: the user's next request may be the read that must see this write.
    app.addHook('onSend', async (request, reply, payload) => {
      if (READ_METHODS.has(request.method) || request.routeOptions.config.readsOnly || reply.statusCode >= 400) {
        return payload;
      }
      const caller = signedInCallerOf(request);
      if (!caller) return payload;
      try {
        await replica.noteWrite(caller.userId);
      } catch (error) {
        app.log.warn({ err: error }, "the primary's WAL position after a write was not read");
      }
      return payload;
    });
  },
  { name: 'read-replica', dependencies: ['db'] },
);
