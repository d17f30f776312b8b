import getRawBody from 'raw-body';
import { ApiError, invalidRequest, notFound, type FieldErrors } from '../errors';
import type { Operation } from '../openapi/operations';
import { compileValidators } from '../openapi/validator';
import type { GatewayContext, Middleware } from '../context';

const DRAIN_TIMEOUT_MS = 5000;

/**
 * Reads and discards the rest of a refused body (bounded in time) so the client, still
 * sending, receives the 413 instead of a reset connection; the connection is then closed.
 */
function drain(ctx: GatewayContext, timeoutMs: number): Promise<void> {
  ctx.set('Connection', 'close');
  const req = ctx.req;
  if (req.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    function done(): void {
      clearTimeout(timer);
      req.off('end', done);
      req.off('error', done);
      resolve();
    }
    req.on('end', done);
    req.on('error', done);
    req.resume();
  });
}

async function readJsonBody(ctx: GatewayContext, operation: Operation): Promise<{ body?: unknown; fields: FieldErrors }> {
  if (!ctx.is('application/json')) {
    const sent = ctx.get('Content-Type');
    return { fields: { 'Content-Type': [sent ? `must be application/json, got ${sent}` : 'required: application/json'] } };
  }
  let raw: string;
  try {
    raw = await getRawBody(ctx.req, { limit: operation.bodyLimit, encoding: 'utf8', length: ctx.get('Content-Length') || undefined });
  } catch (err) {
    const type = (err as { type?: string }).type;
    if (type === 'entity.too.large') {
      await drain(ctx, DRAIN_TIMEOUT_MS);
      throw new ApiError(
        413,
        'payload_too_large',
        `The request body exceeds the limit of ${operation.bodyLimit} bytes for this operation.`,
      );
    }
    if (type === 'request.size.invalid' || type === 'request.aborted')
      return { fields: { body: ['incomplete body: length does not match Content-Length'] } };
    // The client closed the connection before its body was read: nobody is left to answer, and it is not our failure.
    if (ctx.req.destroyed) return { fields: { body: ['incomplete body: the client closed the connection'] } };
    throw err;
  }
  if (raw.trim() === '') return { fields: { body: ['required: a JSON object'] } };
  try {
    return { body: JSON.parse(raw), fields: {} };
  } catch (err) {
    return { fields: { body: [`malformed JSON: ${(err as Error).message}`] } };
  }
}

/**
 * Validates headers, path and query parameters and the JSON body against the operation's
 * schemas compiled from the OpenAPI document (unknown fields refused). A path parameter
 * that cannot name an existing resource is answered 404 like any unknown id.
 */
export function validateRequest(operations: Operation[]): Middleware {
  const validators = compileValidators(operations);
  return async (ctx, next) => {
    const operation = ctx.state.operation;
    if (!operation) return next();
    const validator = validators.get(operation.operationId)!;
    const paramFields = validator.parameters({ headers: ctx.headers, params: ctx.state.params, query: ctx.query });
    const pathParams = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
    if (Object.keys(paramFields).some((f) => pathParams.includes(f))) throw notFound();
    let fields: FieldErrors = { ...paramFields };
    if (operation.bodySchemaRef) {
      const parsed = await readJsonBody(ctx, operation);
      fields = { ...fields, ...parsed.fields };
      if (parsed.body !== undefined) {
        fields = { ...fields, ...validator.body(parsed.body) };
        ctx.state.body = parsed.body;
      }
    }
    if (Object.keys(fields).length > 0) throw invalidRequest(fields);
    await next();
  };
}
