import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs. */
export default fp(
  async function docsPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'AdLoop API',
          description: 'Advertising screens: staff dashboard and display player API.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Staff token' },
            screenBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Screen token' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs' },
);
