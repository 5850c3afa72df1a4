import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/http-error.ts';
import type { ScreenPrincipal } from '../lib/screen-principal.ts';
import { bearerToken } from '../modules/auth/tokens.ts';
import { authenticateScreenToken } from '../modules/screens/screen-auth.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for screen routes: a valid screen bearer token or 401. Staff tokens are refused. */
    requireScreen(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    screen: ScreenPrincipal | null;
  }
}

export default fp(
  async function screenAuthPlugin(app: FastifyInstance) {
    app.decorateRequest('screen', null);
    app.decorate('requireScreen', async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized('Missing screen bearer token');
      const cached = app.screenCache.principals.get(token);
      if (cached && cached.expiresAtMs > Date.now()) {
        request.screen = cached.principal;
        return;
      }
      const verified = await authenticateScreenToken(app.db, app.jwtSecret, token);
      if (!verified) throw unauthorized('Invalid or expired screen session; connect the screen again');
      app.screenCache.principals.set(token, verified);
      request.screen = verified.principal;
    });
  },
  { name: 'screen-auth', dependencies: ['db', 'auth', 'screen-cache'] },
);
