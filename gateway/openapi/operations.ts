import { openApiDocument } from './document';

type Access = 'public' | 'read' | 'write';
export type AllowanceKind = 'single_screening' | 'api';

export interface ParameterSpec {
  name: string;
  in: 'header' | 'path' | 'query';
  required: boolean;
  schema: Record<string, unknown>;
}

export interface Operation {
  operationId: string;
  method: string;
  /** OpenAPI path template relative to the server URL, e.g. /batch/{jobId}. */
  path: string;
  access: Access;
  allowance?: AllowanceKind;
  bodyLimit: number;
  bodySchemaRef?: string;
  parameters: ParameterSpec[];
}

interface ResolvedOperation {
  operation: Operation;
  params: Record<string, string>;
}

const API_PREFIX = '/v1';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface RawOperation {
  operationId: string;
  'x-access': Access;
  'x-allowance'?: AllowanceKind;
  'x-body-limit'?: number;
  parameters?: readonly ParameterSpec[];
  requestBody?: { content: { 'application/json': { schema: { $ref?: string } } } };
}

/** Every operation of the document, read from its paths and x- extensions. */
export function listOperations(): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(openApiDocument.paths)) {
    for (const method of METHODS) {
      const raw = (item as Record<string, RawOperation | undefined>)[method];
      if (!raw) continue;
      operations.push({
        operationId: raw.operationId,
        method: method.toUpperCase(),
        path,
        access: raw['x-access'],
        allowance: raw['x-allowance'],
        bodyLimit: raw['x-body-limit'] ?? 0,
        bodySchemaRef: raw.requestBody?.content['application/json'].schema.$ref,
        parameters: [...(raw.parameters ?? [])],
      });
    }
  }
  return operations;
}

interface CompiledRoute {
  operation: Operation;
  pattern: RegExp;
  paramNames: string[];
}

function compile(operation: Operation): CompiledRoute {
  const paramNames: string[] = [];
  const source = (API_PREFIX + operation.path)
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const param = /^\{([^}]+)\}$/.exec(part);
      if (param) {
        paramNames.push(param[1]);
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { operation, pattern: new RegExp(`^${source}$`), paramNames };
}

/** Finds the operation for a request; null for an unknown route (answered 404) or method (405). */
export function createOperationResolver(operations: Operation[] = listOperations()) {
  const routes = operations.map(compile);
  return (method: string, path: string): ResolvedOperation | null => {
    for (const route of routes) {
      if (route.operation.method !== method) continue;
      const m = route.pattern.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      try {
        route.paramNames.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1])));
      } catch {
        return null;
      }
      return { operation: route.operation, params };
    }
    return null;
  };
}

/**
 * The methods the document serves on a request path (e.g. ['GET'] for /v1/batch/{jobId}); empty
 * for a path it does not know. Another method on a known path is answered 405 with these in `Allow`.
 */
export function createAllowedMethods(operations: Operation[] = listOperations()) {
  const routes = operations.map(compile);
  return (path: string): string[] => [...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.operation.method))];
}
