import { schemas } from './schemas';
import { reviewEventSchemas, reviewSchemas } from './reviewSchemas';

/**
 * The v1 contract as OpenAPI 3.1: the single source the gateway validates requests with,
 * resolves operations from (path, method, access, metering, body limit) and serves at
 * GET /v1/openapi.json. Extensions on each operation:
 *   x-access       public (no key) | read (allowed for read-only organizations) | write
 *   x-allowance    single_screening | api: counts against the monthly allowance (402 when used up)
 *   x-body-limit   largest accepted request body in bytes (413 above it)
 */
type Obj = Record<string, unknown>;

const ref = (name: string): Obj => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Obj): Obj => ({ 'application/json': { schema } });
const header = (name: string): Obj => ({ $ref: `#/components/headers/${name}` });
const commonHeaders = { 'X-Request-Id': header('XRequestId') };
const keyedHeaders = {
  ...commonHeaders,
  'X-RateLimit-Limit': header('XRateLimitLimit'),
  'X-RateLimit-Remaining': header('XRateLimitRemaining'),
};

function ok(description: string, schema: Obj, headers: Obj = keyedHeaders): Obj {
  return { description, headers, content: json(schema) };
}

const errorResponses = {
  400: { $ref: '#/components/responses/InvalidRequest' },
  401: { $ref: '#/components/responses/Unauthorized' },
  402: { $ref: '#/components/responses/AllowanceReached' },
  403: { $ref: '#/components/responses/Forbidden' },
  404: { $ref: '#/components/responses/NotFound' },
  413: { $ref: '#/components/responses/PayloadTooLarge' },
  429: { $ref: '#/components/responses/RateLimited' },
  500: { $ref: '#/components/responses/InternalError' },
  501: { $ref: '#/components/responses/NotImplemented' },
  503: { $ref: '#/components/responses/ServiceUnavailable' },
};
type ErrorStatus = keyof typeof errorResponses;
const errors = (...statuses: ErrorStatus[]): Obj => Object.fromEntries(statuses.map((s) => [String(s), errorResponses[s]]));

const keyedReadErrors: ErrorStatus[] = [401, 404, 429, 500];
const keyedWriteErrors: ErrorStatus[] = [400, 401, 403, 404, 413, 429, 500];

function errorResponse(description: string, schema = 'Error', headers: Obj = commonHeaders): Obj {
  return { description, headers, content: json(ref(schema)) };
}

const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
const idempotencyKey = (required: boolean, description: string): Obj => ({
  name: 'Idempotency-Key',
  in: 'header',
  required,
  description:
    `${description} 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters (header bytes, read as ISO-8859-1): a key sent empty or longer is refused ` +
    'with 400 naming Idempotency-Key, and nothing is screened or metered.',
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
});

const pathId = (name: string, description: string, format?: string): Obj => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', minLength: 1, maxLength: 255, ...(format ? { format } : {}) },
});

/** An optional query parameter; list pages share `cursorParam` and `limitParam`. */
const queryParam = (name: string, schema: Obj, description?: string): Obj => ({
  name,
  in: 'query',
  required: false,
  ...(description ? { description } : {}),
  schema,
});

/** A page's opaque cursor: anything but an earlier page's `nextCursor` is refused with 400. */
const cursorParam = (description: string): Obj => queryParam('cursor', { type: 'string', maxLength: 255 }, description);

/** A page's size, 1 to 100. */
const limitParam = (): Obj => queryParam('limit', { type: 'string', pattern: '^(100|[1-9][0-9]?)$' }, '1 to 100; default 50.');

const MB = 1024 * 1024;

/**
 * The reviews of potential matches: an extension of the contract, like the webhook endpoints
 * (docs/reviews.md). Nothing here is metered or counts against the allowance.
 */
const reviewPaths = {
  '/reviews': {
    get: {
      operationId: 'listReviews',
      summary:
        "The organization's reviews of potential matches (one per monitored record and listed entry that matched it), by id, filtered by state, list and record.",
      'x-access': 'read',
      parameters: [
        { name: 'state', in: 'query', required: false, schema: ref('ReviewState') },
        {
          name: 'source',
          in: 'query',
          required: false,
          description: 'A list key (GET /lists `source`).',
          schema: { type: 'string', pattern: '^[a-z0-9_]{1,64}$' },
        },
        { name: 'recordId', in: 'query', required: false, schema: { type: 'string', format: 'uuid' } },
        {
          name: 'cursor',
          in: 'query',
          required: false,
          description: 'The `nextCursor` of an earlier page.',
          schema: { type: 'string', format: 'uuid' },
        },
        {
          name: 'limit',
          in: 'query',
          required: false,
          description: '1 to 100; default 50.',
          schema: { type: 'string', pattern: '^(100|[1-9][0-9]?)$' },
        },
      ],
      responses: { 200: ok('A page of reviews.', ref('ReviewPage')), ...errors(400, 401, 429, 500) },
    },
  },
  '/reviews/{reviewId}': {
    get: {
      operationId: 'getReview',
      summary: 'One review with every decision (append-only, oldest first) and its history.',
      'x-access': 'read',
      parameters: [pathId('reviewId', 'Review id.', 'uuid')],
      responses: { 200: ok('The review.', ref('ReviewDetail')), ...errors(400, 401, 404, 429, 500) },
    },
  },
  '/reviews/{reviewId}/decisions': {
    post: {
      operationId: 'decideReview',
      summary:
        'Record a decision with its evidence; it supersedes earlier ones, which stay in the history. It resolves the review, or, when the organization requires four eyes for it, waits for a second reviewer (the review stays open). Never changes a screening status.',
      'x-access': 'write',
      'x-body-limit': 64 * 1024,
      parameters: [pathId('reviewId', 'Review id.', 'uuid')],
      requestBody: { required: true, content: json(ref('ReviewDecisionRequest')) },
      responses: { 201: ok('The review with the decision.', ref('ReviewDetail')), ...errors(400, 401, 403, 404, 413, 429, 500) },
    },
  },
  '/reviews/{reviewId}/decisions/{decisionId}/approve': {
    post: {
      operationId: 'approveReviewDecision',
      summary:
        'Four eyes: a second reviewer approves the decision awaiting approval, which resolves the review. Refused with 400 naming `reviewer` when it is the reviewer who decided, and naming `decisionId` for a decision that needs no approval, is approved already or is superseded.',
      'x-access': 'write',
      'x-body-limit': 16 * 1024,
      parameters: [pathId('reviewId', 'Review id.', 'uuid'), pathId('decisionId', 'Decision id.', 'uuid')],
      requestBody: { required: true, content: json(ref('ReviewApprovalRequest')) },
      responses: { 200: ok('The review, resolved.', ref('ReviewDetail')), ...errors(400, 401, 403, 404, 413, 429, 500) },
    },
  },
  '/attestations/{month}': {
    get: {
      operationId: 'getAttestation',
      summary:
        "The organization's frozen attestation of a closed month (UTC): every monitored subject with its status and list versions, and every review with the decision in force at month end; chained by hash to the previous month and signed with the service's Ed25519 key (`screenctl attestation public-key`). Built on the first request after the month closed, then never changed. The current month is refused with 400 naming `month` until it closes; a month before the organization existed is 404.",
      'x-access': 'read',
      parameters: [
        {
          name: 'month',
          in: 'path',
          required: true,
          description: 'YYYY-MM.',
          schema: { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' },
        },
        {
          name: 'format',
          in: 'query',
          required: false,
          description: 'json (default) or csv: one row per subject and review of it.',
          schema: { type: 'string', enum: ['json', 'csv'] },
        },
      ],
      responses: {
        200: {
          description: 'The attestation.',
          headers: keyedHeaders,
          content: { ...json(ref('Attestation')), 'text/csv': { schema: { type: 'string' } } },
        },
        ...errors(400, 401, 404, 429, 500),
      },
    },
  },
};

export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Exclusion Screening Service',
    version: '1.0.0',
    summary: 'Screen people and organizations against US healthcare exclusion lists.',
    description: [
      'Results are only `clear` or `potential_match`; every match is labelled "Potential match — verification required"',
      'and explained field by field with its source list and list version. Never an automated excluded verdict.',
      '',
      'Monthly allowance. The included calls of a plan count metered screenings: each successful `POST /screen`',
      'and each completed batch item. On plans that do not bill the excess (Trial, Small, Medium), once they are',
      'used up until the 1st of the next month (UTC): `POST /screen` answers 402 `single_screening_allowance_reached`;',
      'the other operations that start metered screenings, `POST /batch` and `PUT /monitor`, answer 402',
      '`api_allowance_reached`. Reads (`GET`) and `DELETE /monitor/{id}` are never refused for the allowance.',
      'A refused call records no usage. Large and Enterprise continue and bill the excess.',
      'A batch is admitted whole or not at all: its valid items are reserved against what is left of the allowance',
      'when it is submitted, and a batch whose valid items do not all fit is refused with 402 (nothing is written;',
      'split it). Invalid items take no allowance. Each completed item is then metered like a single screen.',
      '',
      'Rate limit. Per API key, a fixed one-minute window counting every /v1 request, refused ones included:',
      'Trial 30, Small 30, Medium 60, Large 120, Enterprise 600 per minute. When the shared counter is',
      'unreachable requests are refused with 429 rather than served uncounted.',
      '',
      'Methods. A method not listed for a path of this document (TRACE, PATCH, OPTIONS, HEAD…) is answered 405',
      '`method_not_allowed` with an `Allow` header naming the methods the path serves (components/responses/MethodNotAllowed).',
    ].join('\n'),
  },
  servers: [{ url: '/v1', description: 'The base URL includes the /v1 prefix.' }],
  security: [{ bearerAuth: [] }],
  paths: {
    '/openapi.json': {
      get: {
        operationId: 'getOpenApi',
        summary: 'This document.',
        security: [],
        'x-access': 'public',
        responses: { 200: { description: 'The OpenAPI 3.1 document.', headers: commonHeaders, content: json({ type: 'object' }) } },
      },
    },
    '/screen': {
      post: {
        operationId: 'screen',
        summary: 'Screen one entity synchronously against the current pinned list versions.',
        'x-access': 'write',
        'x-allowance': 'single_screening',
        'x-body-limit': MB,
        parameters: [
          idempotencyKey(
            false,
            'Identifies the operation. A retry with the same key returns the stored response and is not metered again; ' +
              'the same key with a different body is refused with 400. When omitted the server generates one (returned in the response header).',
          ),
        ],
        requestBody: { required: true, content: json(ref('Entity')) },
        responses: {
          200: ok('Screening result; metered once per Idempotency-Key.', ref('ScreeningResult'), {
            ...keyedHeaders,
            'Idempotency-Key': {
              description: 'The key the call was metered under (generated when none was sent).',
              schema: { type: 'string' },
            },
          }),
          ...errors(...keyedWriteErrors, 402, 503),
        },
      },
    },
    '/batch': {
      post: {
        operationId: 'submitBatch',
        summary: 'Submit a batch of 1 to 2000 entities for asynchronous screening.',
        'x-access': 'write',
        'x-allowance': 'api',
        'x-body-limit': 4 * MB,
        parameters: [
          idempotencyKey(true, 'Required. Resubmitting with the same key returns the same job id; no extra screening or metering.'),
        ],
        requestBody: { required: true, content: json(ref('BatchRequest')) },
        responses: {
          202: ok('Accepted; processing is asynchronous.', ref('BatchAccepted')),
          ...errors(...keyedWriteErrors, 402, 503),
        },
      },
    },
    '/batch/{jobId}': {
      get: {
        operationId: 'getBatch',
        summary: 'Read a batch job: state, counts, and results once completed.',
        'x-access': 'read',
        parameters: [pathId('jobId', 'The id returned by POST /batch.')],
        responses: { 200: ok('The batch job.', ref('BatchJob')), ...errors(...keyedReadErrors) },
      },
    },
    '/monitor': {
      put: {
        operationId: 'enrollMonitor',
        summary: 'Enroll an entity in continuous monitoring; it is screened at once.',
        'x-access': 'write',
        'x-allowance': 'api',
        'x-body-limit': MB,
        requestBody: { required: true, content: json(ref('Entity')) },
        responses: {
          200: ok('The monitored record.', ref('MonitoredRecord')),
          ...errors(...keyedWriteErrors, 402, 503),
        },
      },
      get: {
        operationId: 'listMonitors',
        summary:
          "The organization's monitored records, by id, each as its last screening left it (as GET /monitor/{id}); `status` keeps one status. A read: nothing is screened or metered.",
        'x-access': 'read',
        parameters: [
          queryParam('status', { type: 'string', enum: ['clear', 'potential_match'] }),
          cursorParam('Opaque: the `nextCursor` of an earlier page. Any other value is refused with 400 naming `cursor`.'),
          limitParam(),
        ],
        responses: { 200: ok('A page of monitored records.', ref('MonitoredRecordPage')), ...errors(400, 401, 429, 500) },
      },
    },
    '/monitor/{id}': {
      get: {
        operationId: 'getMonitor',
        summary:
          'A monitored record as PUT /monitor returned it, with the status, matches, sources and checkedAt of its last screening (enrollment or a re-screen on a new list version since): what a receiver that lost deliveries reconciles with. A read: nothing is screened or metered.',
        'x-access': 'read',
        parameters: [pathId('id', 'The monitored-record id returned by PUT /monitor; any other value is an unknown id (404).')],
        responses: { 200: ok('The monitored record.', ref('MonitoredRecord')), ...errors(...keyedReadErrors) },
      },
      delete: {
        operationId: 'removeMonitor',
        summary: 'Remove a monitored record; no further re-screens or webhooks.',
        'x-access': 'write',
        parameters: [pathId('id', 'The monitored-record id returned by PUT /monitor; any other value is an unknown id (404).')],
        responses: { 200: ok('Removed.', ref('MonitorRemoved')), ...errors(400, 401, 403, 404, 429, 500) },
      },
    },
    '/lists': {
      get: {
        operationId: 'getCoverage',
        summary: 'Coverage report: lists, their pinned versions, gaps.',
        'x-access': 'read',
        responses: { 200: ok('The coverage report.', ref('CoverageReport')), ...errors(...keyedReadErrors, 503) },
      },
    },
    '/usage': {
      get: {
        operationId: 'getUsage',
        summary: 'Usage and price of the current billing period (calendar month, UTC).',
        'x-access': 'read',
        responses: { 200: ok('The usage summary.', ref('UsageSummary')), ...errors(...keyedReadErrors) },
      },
    },
    '/public/lookup': {
      post: {
        operationId: 'publicLookup',
        summary: 'Free name-only lookup; no key. 5 requests per minute per IP and 120 per minute across all callers.',
        security: [],
        'x-access': 'public',
        'x-body-limit': 16 * 1024,
        requestBody: { required: true, content: json(ref('PublicLookupRequest')) },
        responses: {
          200: ok('Potential matches; never a date of birth or an address.', ref('PublicLookupResponse'), commonHeaders),
          ...errors(400, 413, 429, 500, 503),
        },
      },
    },
    '/webhook-endpoints': {
      post: {
        operationId: 'registerWebhookEndpoint',
        summary:
          'Register a webhook endpoint; the signing secret is returned here once and never again. An organization has at most 10 endpoints (400 naming `url` past that; the number is configuration). The host is resolved when the endpoint is registered: a host that does not resolve, or that resolves to a loopback, private, link-local or otherwise non-public address, is refused with 400 naming `url`, and nothing is registered.',
        'x-access': 'write',
        'x-body-limit': 16 * 1024,
        requestBody: { required: true, content: json(ref('WebhookEndpointRequest')) },
        responses: { 201: ok('Registered.', ref('WebhookEndpointCreated')), ...errors(400, 401, 403, 413, 429, 500) },
      },
      get: {
        operationId: 'listWebhookEndpoints',
        summary: "The organization's webhook endpoints (no secrets).",
        'x-access': 'read',
        responses: { 200: ok('Endpoints.', ref('WebhookEndpointList')), ...errors(401, 429, 500) },
      },
    },
    '/webhook-endpoints/{endpointId}': {
      delete: {
        operationId: 'removeWebhookEndpoint',
        summary: 'Remove a webhook endpoint; its pending deliveries are cancelled.',
        'x-access': 'write',
        parameters: [pathId('endpointId', 'Endpoint id.', 'uuid')],
        responses: { 200: ok('Removed.', ref('WebhookEndpointRemoved')), ...errors(401, 403, 404, 429, 500) },
      },
    },
    '/webhook-endpoints/{endpointId}/rotate-secret': {
      post: {
        operationId: 'rotateWebhookSecret',
        summary: 'Rotate the signing secret; the previous secret stops signing immediately.',
        'x-access': 'write',
        parameters: [pathId('endpointId', 'Endpoint id.', 'uuid')],
        responses: { 200: ok('The new secret, shown once.', ref('WebhookSecretRotated')), ...errors(401, 403, 404, 429, 500) },
      },
    },
    '/webhook-endpoints/{endpointId}/enable': {
      post: {
        operationId: 'enableWebhookEndpoint',
        summary:
          'Enable an endpoint disabled for failing (`enabled: false`, `disabledAt`): new events are delivered to it again, and the deliveries held while it was disabled (`status: held`) are sent, oldest first.',
        'x-access': 'write',
        parameters: [pathId('endpointId', 'Endpoint id.', 'uuid')],
        responses: { 200: ok('The endpoint, enabled.', ref('WebhookEndpoint')), ...errors(401, 403, 404, 429, 500) },
      },
    },
    '/webhook-deliveries': {
      get: {
        operationId: 'listWebhookDeliveries',
        summary: 'The delivery log, newest first, each delivery with its attempts.',
        'x-access': 'read',
        parameters: [
          queryParam('status', { type: 'string', enum: ['pending', 'held', 'succeeded', 'failed', 'cancelled'] }),
          queryParam('eventType', ref('WebhookEventType')),
          cursorParam(
            'Opaque: the `nextCursor` of an earlier page. Any other value, even one of this shape, is refused with 400 naming `cursor`.',
          ),
          limitParam(),
        ],
        responses: { 200: ok('A page of deliveries.', ref('DeliveryLogPage')), ...errors(400, 401, 429, 500) },
      },
    },
    '/webhook-deliveries/{deliveryId}': {
      get: {
        operationId: 'getWebhookDelivery',
        summary: 'One delivery and every attempt (time, status code, latency, error). The id is the Service-Webhook-Id the receiver saw.',
        'x-access': 'read',
        parameters: [pathId('deliveryId', 'Delivery id (Service-Webhook-Id).', 'uuid')],
        responses: { 200: ok('The delivery.', ref('Delivery')), ...errors(401, 404, 429, 500) },
      },
    },
    '/webhook-deliveries/{deliveryId}/replay': {
      post: {
        operationId: 'replayWebhookDelivery',
        summary:
          'Replay a delivery from the log: a new delivery (replayOf names the original) with the same body bytes and a new series of attempts. At most 10 replays per organization per minute (429 `rate_limited` with Retry-After past that; the number is configuration); 400 naming `id` for a removed monitored record or a disabled endpoint.',
        'x-access': 'write',
        parameters: [pathId('deliveryId', 'Delivery id.', 'uuid')],
        responses: { 202: ok('The new delivery, pending.', ref('Delivery')), ...errors(400, 401, 403, 404, 429, 500) },
      },
    },
    ...reviewPaths,
  },
  webhooks: {
    event: {
      post: {
        summary: 'A signed delivery to a registered endpoint.',
        parameters: [
          { name: 'Service-Webhook-Id', in: 'header', required: true, schema: { type: 'string', format: 'uuid' } },
          { name: 'Service-Event-Type', in: 'header', required: true, schema: ref('WebhookEventType') },
          {
            name: 'Service-Signature',
            in: 'header',
            required: true,
            description:
              't=<unix seconds>,v1=<lowercase hex HMAC-SHA256 of "<t>." + raw body>; reject when t is off by more than 5 minutes.',
            schema: { type: 'string', pattern: '^t=[0-9]+,v1=[0-9a-f]{64}$' },
          },
        ],
        requestBody: { required: true, content: json(ref('WebhookEvent')) },
        responses: {
          '2XX': {
            description:
              'Acknowledged. Anything else, or no answer within 10 s, is retried with exponential backoff: waits of 30 s, 1, 2, 4, 8, 16, 32, 64 min, ' +
              '2 h 8 min, 4 h 16 min, then 6 h: 12 attempts over about 14.5 hours, then the delivery is failed and can be replayed. ' +
              'Every attempt is signed anew (a fresh t, the current secret) over the same body bytes.',
          },
        },
      },
    },
  },
  components: {
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>' } },
    headers: {
      XRequestId: { description: 'Echoes the request id sent, or the one generated.', schema: { type: 'string' } },
      XRateLimitLimit: { description: "Requests per minute allowed for this key's plan.", schema: { type: 'integer' } },
      XRateLimitRemaining: { description: 'Requests left in the current window.', schema: { type: 'integer' } },
      RetryAfter: { description: 'Integer seconds until the window resets.', required: true, schema: { type: 'integer', minimum: 1 } },
      Allow: {
        description: 'The methods the path serves, comma-separated (e.g. `GET` or `POST, GET`).',
        required: true,
        schema: { type: 'string' },
      },
    },
    responses: {
      InvalidRequest: errorResponse(
        'invalid_request: body, header or parameter invalid (unknown fields, removed person name fields → `name`, ' +
          'missing Idempotency-Key on batch, malformed JSON, wrong Content-Type). Retrying unchanged fails the same way.',
        'ValidationError',
      ),
      Unauthorized: errorResponse('unauthorized: key missing, malformed or revoked.'),
      AllowanceReached: errorResponse(
        'single_screening_allowance_reached (POST /screen) or api_allowance_reached (POST /batch, PUT /monitor): the monthly ' +
          'allowance of a plan that does not bill the excess is used up. `allowance` names the reset date and the plans with more room.',
        'AllowanceError',
      ),
      Forbidden: errorResponse('forbidden: the organization is read-only; reads continue, writes and screenings are refused.'),
      NotFound: errorResponse('not_found: no such resource for this organization, or no such route.'),
      MethodNotAllowed: errorResponse(
        'method_not_allowed: the path exists but not with this method (e.g. TRACE, PATCH); `Allow` lists its methods. ' +
          'Answered before authentication, for any path of this document.',
        'Error',
        { ...commonHeaders, Allow: header('Allow') },
      ),
      PayloadTooLarge: errorResponse('payload_too_large: the body exceeds the operation limit (x-body-limit).'),
      RateLimited: errorResponse(
        'rate_limited: burst limit exceeded, or the shared counter is unreachable. Refused requests still count.',
        'Error',
        {
          ...commonHeaders,
          'Retry-After': header('RetryAfter'),
        },
      ),
      InternalError: errorResponse('internal_error: server-side failure; retry with exponential backoff and the same Idempotency-Key.'),
      NotImplemented: errorResponse('not_implemented: part of the contract, not served by this release.'),
      ServiceUnavailable: errorResponse('service_unavailable: a dependency (matcher) is unavailable; nothing was metered. Retry later.'),
    },
    schemas: { ...schemas, ...reviewSchemas, ...reviewEventSchemas },
  },
} as const;
