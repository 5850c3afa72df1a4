import { type Action, type Resource, scopeOf } from '@adloop/contract/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Caller, callerOf, contextFor, type ServiceContext } from '../lib/context.ts';
import { forbidden, passwordChangeRequired, unauthorized } from '../lib/http-error.ts';
import { authenticateStaff } from '../modules/auth/auth.service.ts';
import { bearerToken } from '../modules/auth/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jwtSecret: Uint8Array;
    /** preHandler for staff routes: a valid staff bearer token or 401. */
    requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandlers for staff routes outside the matrix: signed in, and no temporary password left to change. */
    requireStaffReady: Array<(request: FastifyRequest, reply: FastifyReply) => Promise<void>>;
    /** preHandlers for a staff route guarded by the permission matrix (docs/design.md §5): 401, then 403. */
    authorize(
      resource: Resource,
      action: Action,
    ): Array<(request: FastifyRequest, reply: FastifyReply) => Promise<void>>;
  }
  interface FastifyRequest {
    /** The signed-in staff caller; set by the staff preHandlers, read only on the routes they guard. */
    caller: Caller;
    /** The context staff services take: the database, this caller and the event bus. */
    ctx: ServiceContext;
  }
}

const kCaller = Symbol('caller');
const kContext = Symbol('service context');
type StaffRequest = FastifyRequest & { [kCaller]?: Caller; [kContext]?: ServiceContext };

/** Staff authentication by the Authorization header only, so a cookie can never be used for CSRF. */
export default fp(
  async function authPlugin(app: FastifyInstance, opts: { jwtSecret: Uint8Array }) {
    app.decorate('jwtSecret', opts.jwtSecret);
    app.decorateRequest('caller', {
      getter(this: StaffRequest) {
        const caller = this[kCaller];
        if (!caller) throw new Error('request.caller read on a route without a staff preHandler');
        return caller;
      },
      setter(this: StaffRequest, caller: Caller) {
        this[kCaller] = caller;
        this[kContext] = undefined;
      },
    });
    app.decorateRequest('ctx', {
      getter(this: StaffRequest) {
        this[kContext] ??= contextFor(app.db, app.events, this.caller);
        return this[kContext];
      },
    });
    app.decorate('requireStaff', async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized('Missing bearer token');
      const principal = await authenticateStaff(app.db, app.jwtSecret, token);
      if (!principal) throw unauthorized('Invalid or expired session; please sign in again');
      request.caller = callerOf(principal, 'none');
    });
    // A temporary password was shown to whoever onboarded the user: until it is changed the
    // account reaches its own profile and password only (decision 008).
    const passwordChanged = async (request: FastifyRequest) => {
      if (request.caller.user.must_change_password) throw passwordChangeRequired();
    };
    app.decorate('requireStaffReady', [app.requireStaff, passwordChanged]);
    app.decorate('authorize', (resource: Resource, action: Action) => [
      app.requireStaff,
      async (request: FastifyRequest) => {
        if (resource !== 'profile') await passwordChanged(request);
        const scope = scopeOf(request.caller.role, resource, action);
        if (scope === 'none') throw forbidden();
        request.caller = { ...request.caller, scope };
      },
    ]);
  },
  { name: 'auth', dependencies: ['db', 'events'] },
);
