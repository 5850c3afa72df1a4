import {
  DEFAULT_INTEGRATION_TOKEN_REQUESTS_PER_MINUTE,
  type IntegrationScope,
  scopesGranting,
} from '@adloop/contract/integration-tokens';
import { type Action, type Resource, scopeOf } from '@adloop/contract/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Caller, callerOf, contextFor, type ServiceContext } from '../lib/context.ts';
import { forbidden, HttpError, passwordChangeRequired, tooManyRequests, unauthorized } from '../lib/http-error.ts';
import { authenticateStaff } from '../modules/auth/auth.service.ts';
import {
  findIntegrationToken,
  integrationPrincipalOf,
  integrationScopesOf,
  type LoadedIntegrationToken,
  looksLikeIntegrationToken,
  touchIntegrationToken,
} from '../modules/auth/integration-token-auth.ts';
import { bearerToken } from '../modules/auth/tokens.ts';
import { IntegrationTokenAudit } from '../modules/integration-tokens/integration-token-audit.ts';
import { IntegrationTokenLimiter } from '../modules/integration-tokens/integration-token-limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jwtSecret: Uint8Array;
    /** preHandler for staff routes: a valid staff bearer token or 401; an integration token is refused (403). */
    requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandlers for staff routes outside the matrix: signed in, and no temporary password left to change. */
    requireStaffReady: Array<(request: FastifyRequest, reply: FastifyReply) => Promise<void>>;
    /**
     * preHandlers for a staff route guarded by the permission matrix (docs/design.md §5): 401, then
     * 403. A person's session or an integration token whose scopes grant (resource, action) (decision 095).
     */
    authorize(
      resource: Resource,
      action: Action,
    ): Array<(request: FastifyRequest, reply: FastifyReply) => Promise<void>>;
    /** The audit of integration tokens' requests; `flush()` waits for the rows being written. */
    integrationTokenAudit: IntegrationTokenAudit;
  }
  interface FastifyRequest {
    /** The signed-in staff caller; set by the staff preHandlers, read only on the routes they guard. */
    caller: Caller;
    /** The context staff services take: the database, this caller and the event bus. */
    ctx: ServiceContext;
  }
}

export interface IntegrationTokenOptions {
  /** Requests one token may make in a minute (decision 095); 600 unless set. */
  requestsPerMinute?: number;
}

const kCaller = Symbol('caller');
const kContext = Symbol('service context');
const kIntegration = Symbol('integration token');
/** The integration token a request came with, read once when it arrived: the token, or why it is refused. */
type IntegrationAttempt = { loaded: LoadedIntegrationToken } | { refusal: HttpError };
type StaffRequest = FastifyRequest & {
  [kCaller]?: Caller;
  [kContext]?: ServiceContext;
  [kIntegration]?: IntegrationAttempt;
};

/** The staff caller of a request, if a staff preHandler set one: read where `request.caller` would throw. */
export function signedInCallerOf(request: FastifyRequest): Caller | undefined {
  return (request as StaffRequest)[kCaller];
}

const SESSION_ONLY =
  'Integration tokens cannot be used here: this route is for a person signed in (their profile, password, dashboard, sign-out and integration tokens)';

/** "the scope ads:write", or "one of the scopes a or b", for a 403's message. */
function scopeNeeded(scopes: IntegrationScope[]): string {
  return scopes.length === 1 ? `the scope ${scopes[0]}` : `one of the scopes ${scopes.join(' or ')}`;
}

/**
 * Staff authentication by the Authorization header only, so a cookie can never be used for CSRF:
 * a person's session (a JWT), or an integration token (`adl_…`, decision 095) on the routes the
 * permission matrix guards.
 */
export default fp(
  async function authPlugin(
    app: FastifyInstance,
    opts: { jwtSecret: Uint8Array; integrationTokens?: IntegrationTokenOptions | undefined },
  ) {
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

    const limiter = new IntegrationTokenLimiter(
      opts.integrationTokens?.requestsPerMinute ?? DEFAULT_INTEGRATION_TOKEN_REQUESTS_PER_MINUTE,
    );
    const audit = new IntegrationTokenAudit(app.db, (error) =>
      app.log.error({ err: error }, 'integration token use not recorded'),
    );
    app.decorate('integrationTokenAudit', audit);
    app.addHook('onClose', () => audit.flush());

    // An integration token is read as the request arrives, whatever its route, so every request it
    // makes is counted against its limit and audited, even one refused before its preHandlers.
    app.addHook('onRequest', async (request: StaffRequest) => {
      const bearer = bearerToken(request.headers.authorization);
      if (!bearer || !looksLikeIntegrationToken(bearer)) return;
      try {
        request[kIntegration] = { loaded: await findIntegrationToken(app.db, bearer) };
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        request[kIntegration] = { refusal: error };
        return;
      }
      const wait = limiter.take(request[kIntegration].loaded.token.id);
      if (wait !== null) {
        throw tooManyRequests(
          `This integration token made more than ${limiter.perMinute} requests in a minute; retry in ${wait} s`,
          wait,
        );
      }
    });
    app.addHook('onResponse', async (request: StaffRequest, reply) => {
      const attempt = request[kIntegration];
      if (!attempt || !('loaded' in attempt)) return;
      audit.record({
        tokenId: attempt.loaded.token.id,
        method: request.method,
        route: request.routeOptions.url ?? request.url.split('?')[0] ?? request.url,
        statusCode: reply.statusCode,
        ip: request.ip ?? null,
      });
    });

    const requireStaff = async (request: StaffRequest) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized('Missing bearer token');
      if (looksLikeIntegrationToken(token)) {
        const attempt = request[kIntegration];
        if (attempt && 'refusal' in attempt) throw attempt.refusal;
        throw forbidden(SESSION_ONLY);
      }
      const principal = await authenticateStaff(app.db, app.jwtSecret, token);
      if (!principal) throw unauthorized('Invalid or expired session; please sign in again');
      request.caller = callerOf(principal, 'none');
    };
    app.decorate('requireStaff', requireStaff);
    // A temporary password was shown to whoever onboarded the user: until it is changed the
    // account reaches its own profile and password only (decision 008).
    const passwordChanged = async (request: FastifyRequest) => {
      if (request.caller.user.must_change_password) throw passwordChangeRequired();
    };
    app.decorate('requireStaffReady', [requireStaff, passwordChanged]);

    /**
     * An integration token on a matrix route: it must still work (integration-token-auth.ts), one of
     * its scopes must grant (resource, action), and the role it acts with must be allowed it. The
     * caller's `can` is narrowed to the token's scopes too, so a service asking it sees the same.
     */
    const authorizeIntegration = (request: StaffRequest, resource: Resource, action: Action) => {
      const attempt = request[kIntegration];
      if (!attempt) throw unauthorized('Missing bearer token');
      if ('refusal' in attempt) throw attempt.refusal;
      const principal = integrationPrincipalOf(attempt.loaded);
      const needed = scopesGranting(resource, action);
      if (needed.length === 0) {
        throw forbidden(
          `Integration tokens cannot be used here: no scope grants ${action} of ${resource}; a person signed in may`,
        );
      }
      const scopes = integrationScopesOf(attempt.loaded);
      if (!needed.some((scope) => scopes.includes(scope))) {
        throw forbidden(`This integration token lacks ${scopeNeeded(needed)}`);
      }
      const scope = scopeOf(principal.user.role, resource, action);
      if (scope === 'none') {
        throw forbidden(
          `The role this integration token acts with (${principal.user.role}) may not ${action} ${resource}`,
        );
      }
      const caller = callerOf(principal, scope);
      const granted = (r: Resource, a: Action) => scopesGranting(r, a).some((s) => scopes.includes(s));
      request.caller = { ...caller, can: (r, a) => caller.can(r, a) && granted(r, a) };
      audit.hold(touchIntegrationToken(app.db, attempt.loaded));
    };

    app.decorate('authorize', (resource: Resource, action: Action) => [
      async (request: StaffRequest) => {
        const token = bearerToken(request.headers.authorization);
        if (token && looksLikeIntegrationToken(token)) return authorizeIntegration(request, resource, action);
        await requireStaff(request);
        if (resource !== 'profile') await passwordChanged(request);
        const scope = scopeOf(request.caller.role, resource, action);
        if (scope === 'none') throw forbidden();
        request.caller = { ...request.caller, scope };
      },
    ]);
  },
  { name: 'auth', dependencies: ['db', 'events'] },
);
