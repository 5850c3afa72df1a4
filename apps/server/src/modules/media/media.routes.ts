import { mediaUploadQuerySchema, mediaUploadSchema } from '@adloop/contract/ads';
import { errorBodySchema } from '@adloop/contract/api';
import { one } from '@adloop/contract/common';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fieldError, HttpError } from '../../lib/http-error.ts';
import { errorResponses, staffSecurity } from '../../lib/schemas.ts';
import { humanBytes, type UploadLimits } from './media-limits.ts';
import { openUploadGate, uploaderOf } from './media-quota.ts';
import { receiveUpload } from './media-upload.ts';

/** Uploads each staff user may start per minute (429 beyond). */
export const UPLOADS_PER_MINUTE = 60;

export interface MediaRouteOptions {
  mediaDir: string;
  limits: UploadLimits;
}

/**
 * POST /api/ads/media: one multipart field `file`. Multipart is registered here only, so no
 * other route accepts it; the JSON body limit elsewhere stays 1 MB.
 */
export default async function mediaRoutes(fastify: FastifyInstance, opts: MediaRouteOptions) {
  const largest = Math.max(opts.limits.imageMaxBytes, opts.limits.videoMaxBytes);
  // One byte over the largest limit, so the per-type check in receiveUpload always speaks first.
  await fastify.register(multipart, {
    limits: { fileSize: largest + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/media',
    {
      // Per signed-in user, after authorisation: a runaway script cannot fill the disk.
      preHandler: [
        ...app.authorize('ads', 'create'),
        app.rateLimit({
          max: UPLOADS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request) => `upload:${request.caller.userId}`,
        }),
      ],
      schema: {
        tags: ['ads'],
        summary: 'Upload an image or video for an ad; stored once under its content hash',
        description:
          'multipart/form-data with one field `file`. Type by magic bytes only: JPEG, PNG, WebP, GIF, MP4, WebM. ' +
          `Images up to ${humanBytes(opts.limits.imageMaxBytes)}, videos up to ${humanBytes(opts.limits.videoMaxBytes)}, ` +
          `a company's media up to ${humanBytes(opts.limits.companyStorageBytes)} in all (413 beyond); ` +
          `${UPLOADS_PER_MINUTE} uploads a minute and ${humanBytes(opts.limits.userBytesPerHour)} an hour per user ` +
          "(429 beyond). The file counts against the uploader's company, or the company a global admin names.",
        consumes: ['multipart/form-data'],
        security: staffSecurity,
        querystring: mediaUploadQuerySchema,
        response: { 201: one(mediaUploadSchema), ...errorResponses, 415: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data in the field "file"');
      }
      const uploader = await uploaderOf(request.ctx, request.query.company_id);
      // Before reading the file: a sender with no bytes left this hour is refused without sending it.
      const gate = await openUploadGate(request.ctx, uploader, opts.limits);
      const part = await request.file();
      if (part?.fieldname !== 'file') throw fieldError('file', 'Attach the media as the form field "file"');
      const stored = await receiveUpload(part.file, opts.mediaDir, opts.limits, gate, app.mediaDurations);
      return reply.code(201).send({ data: stored });
    },
  );
}
