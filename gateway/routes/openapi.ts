import { openApiDocument } from '../openapi/document';
import type { Handler } from '../context';

const serialized = JSON.stringify(openApiDocument);

/** GET /openapi.json: the contract, no key needed. */
export const openApiHandler: Handler = async (ctx) => {
  ctx.type = 'application/json';
  ctx.body = serialized;
};
