/**
 * Routes that take an uploaded file (a CSV import): in their own encapsulated scope, the file's content types are
 * read as bytes, every route may carry up to `maxBytes` (UTILITIES_IMPORT_MAX_MB), and a body past it is a 413 naming
 * the field (`file`, or `rows` when the rows came as JSON). The outbound import and MeasureIt's custom lists use it.
 */
import type { FastifyError, FastifyInstance } from 'fastify';

export function registerUploadRoutes(
  app: FastifyInstance,
  maxBytes: number,
  register: (scope: FastifyInstance) => void,
): void {
  const maxMb = Math.round(maxBytes / 1024 / 1024);
  void app.register((scope, _options, registered) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit = maxBytes;
    });
    scope.addContentTypeParser(
      ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: maxBytes },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        const json = (request.headers['content-type'] ?? '').includes('json');
        const field = json ? 'rows' : 'file';
        const what = json ? 'the rows are' : 'the file is';
        return reply.status(413).send({
          error: 'VALIDATION',
          message: `${field}: ${what} larger than ${maxMb} MB, the most an import reads (UTILITIES_IMPORT_MAX_MB)`,
          errors: { [field]: `larger than ${maxMb} MB` },
        });
      }
      throw error;
    });
    register(scope);
    registered();
  });
}
