import { type Action, type Resource, type Scope, scopeOf } from '@adloop/contract/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import { authenticateStaff, type StaffPrincipal } from '../modules/auth/auth.service.ts';
import { bearerToken } from '../modules/auth/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jwtSecret: Uint8Array;
    /** preHandler for staff routes: a valid staff bearer token or 401. */
    requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandlers for a staff route guarded by the permission matrix (DESIGN §5): 401, then 403. */
    authorize(
      resource: Resource,
      action: Action,
    ): Array<(request: FastifyRequest, reply: FastifyReply) => Promise<void>>;
  }
  interface FastifyRequest {
    staff: StaffPrincipal | null;
    /** The scope the matrix grants for the route's resource and action. */
    scope: Scope;
  }
}

/** Staff authentication by the Authorization header only, so a cookie can never be used for CSRF. */
export default fp(
  async function authPlugin(app: FastifyInstance, opts: { jwtSecret: Uint8Array }) {
    app.decorate('jwtSecret', opts.jwtSecret);
    app.decorateRequest('staff', null);
    app.decorateRequest('scope', 'none');
    app.decorate('requireStaff', async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized('Missing bearer token');
      const principal = await authenticateStaff(app.db, app.jwtSecret, token);
      if (!principal) throw unauthorized('Invalid or expired session; please sign in again');
      request.staff = principal;
    });
    app.decorate('authorize', (resource: Resource, action: Action) => [
      app.requireStaff,
      async (request: FastifyRequest) => {
        const scope = scopeOf(request.staff!.user.role, resource, action);
        if (scope === 'none') throw forbidden();
        request.scope = scope;
      },
    ]);
  },
  { name: 'auth', dependencies: ['db'] },
);
