import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/http-error.ts';
import { authenticateStaff, type StaffPrincipal } from '../modules/auth/auth.service.ts';
import { bearerToken } from '../modules/auth/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jwtSecret: Uint8Array;
    /** preHandler for staff routes: a valid staff bearer token or 401. */
    requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    staff: StaffPrincipal | null;
  }
}

/** Staff authentication by the Authorization header only, so a cookie can never be used for CSRF. */
export default fp(
  async function authPlugin(app: FastifyInstance, opts: { jwtSecret: Uint8Array }) {
    app.decorate('jwtSecret', opts.jwtSecret);
    app.decorateRequest('staff', null);
    app.decorate('requireStaff', async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized('Missing bearer token');
      const principal = await authenticateStaff(app.db, app.jwtSecret, token);
      if (!principal) throw unauthorized('Invalid or expired session; please sign in again');
      request.staff = principal;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
