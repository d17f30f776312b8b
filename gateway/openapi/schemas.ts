/**
 * JSON Schema (2020-12, as OpenAPI 3.1 uses it) for every body of the v1 contract.
 * Referenced from document.ts as #/components/schemas/<Name>.
 */
import { MAX_NAME_BYTES_KEYWORD, MAX_SUBJECT_NAME_BYTES } from './nameBytes';

/**
 * On a schema that accepts any value (BatchItem): the component each value is validated against
 * on its own, by the handler, where an invalid value is a result rather than a refusal.
 */
export const VALIDATED_AGAINST = 'x-validated-against';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const dateTime: Schema = { type: 'string', format: 'date-time' };
const nonEmpty: Schema = { type: 'string', minLength: 1 };
const nullable = (schema: Schema): Schema => ({ ...schema, type: [schema.type as string, 'null'] });
const closed = (properties: Record<string, Schema>, required: string[], description?: string): Schema => ({
  type: 'object',
  ...(description ? { description } : {}),
  properties,
  required,
  additionalProperties: false,
});

/**
 * Text a subject may carry: no control character (C0, DEL, C1: tab and line breaks included)
 * and no unpaired UTF-16 surrogate. None belongs in a name or an identifier, and PostgreSQL
 * jsonb can hold neither \u0000 nor a lone surrogate. Patterns are compiled with the `u` flag
 * (ECMA-262, as JSON Schema says), so a surrogate pair is one code point and passes.
 * Two rules: a pattern refusing the controls, and `not` a pattern matching a lone surrogate (the
 * category Cs, which only an unpaired surrogate is under the `u` flag). One pattern with a
 * \uD800-\uDFFF range would say both, but tools whose strings cannot hold a surrogate (Rust's
 * regex, behind Schemathesis) refuse such a range and drop the whole pattern, controls included.
 */
export const SUBJECT_TEXT_PATTERN = '^[^\\u0000-\\u001F\\u007F-\\u009F]*$';
export const LONE_SURROGATE_PATTERN = '\\p{Cs}';
/** The document's only `not`: the validator names SUBJECT_TEXT_REASON for it. */
export const NO_LONE_SURROGATE: Schema = { not: { pattern: LONE_SURROGATE_PATTERN } };
export const SUBJECT_TEXT_REASON = 'must not contain control characters or unpaired UTF-16 surrogates';
const subjectText = (schema: Schema): Schema => ({ ...schema, pattern: SUBJECT_TEXT_PATTERN, ...NO_LONE_SURROGATE });

/**
 * A name must hold at least one non-space character (blank names cannot be screened) and be
 * subject text: two patterns, the second under allOf, and no lone surrogate.
 */
const screenableName: Schema = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: '\\S',
  ...NO_LONE_SURROGATE,
  allOf: [{ pattern: SUBJECT_TEXT_PATTERN }],
};
const textNote = 'No control characters (tab and line breaks included) and no unpaired UTF-16 surrogates.';

const aliases: Schema = {
  type: 'array',
  maxItems: 50,
  items: subjectText({ type: 'string', maxLength: 255 }),
  description: `Other names; at most 50, each at most 255 characters. ${textNote}`,
};

/** The bound on a subject's names together (nameBytes.ts), documented where it applies. */
const nameBytesRule = (nameField: string): Schema => ({
  [MAX_NAME_BYTES_KEYWORD]: { limit: MAX_SUBJECT_NAME_BYTES, fields: [nameField, 'aliases'] },
});
const nameBytesNote = (nameField: string): string =>
  `${nameField} and aliases together: at most ${MAX_SUBJECT_NAME_BYTES} bytes in UTF-8 (400 naming ${nameField} and aliases above it).`;

const withRule = (rule: Schema, schema: Schema): Schema => ({ ...schema, ...rule });

const entityFields = {
  npi: subjectText({
    type: 'string',
    minLength: 10,
    maxLength: 10,
    description: `National Provider Identifier, exactly 10 characters. ${textNote}`,
  }),
  state: subjectText({
    type: 'string',
    minLength: 2,
    maxLength: 2,
    description: `US state or territory code, exactly 2 characters. ${textNote}`,
  }),
};

const webhookEndpointFields: Record<string, Schema> = {
  id: { type: 'string', format: 'uuid' },
  url: { type: 'string', format: 'uri' },
  events: { type: 'array', items: ref('WebhookEventType') },
  createdAt: dateTime,
  enabled: {
    type: 'boolean',
    description:
      'False once the endpoint was disabled for failing: no delivery is made to it until it is enabled again (POST /webhook-endpoints/{endpointId}/enable).',
  },
  disabledAt: {
    type: ['string', 'null'],
    format: 'date-time',
    description:
      'When it was disabled: after 20 deliveries in a row failed every attempt, or 3 days of failing without a delivery getting through (configuration). Null while enabled.',
  },
};

const eventEnvelope = (type: string, data: Schema, description: string): Schema =>
  closed(
    {
      id: { type: 'string', format: 'uuid', description: 'The event id: the same in every attempt and in a replay.' },
      type: { type: 'string', const: type },
      createdAt: dateTime,
      data,
    },
    ['id', 'type', 'createdAt', 'data'],
    description,
  );

/**
 * An Error narrowed: Error plus a second allOf member with the narrowing. Two members, not allOf [Error] with
 * sibling properties, so generated clients build a model of its own instead of reusing Error's; enums rather
 * than const for code, as generators merge an enum into Error's code enum but not a const.
 */
const narrowedError = (properties: Record<string, Schema>, required: string[], description?: string): Schema => ({
  type: 'object',
  ...(description ? { description } : {}),
  allOf: [ref('Error'), { type: 'object', properties, required }],
});

export const schemas: Record<string, Schema> = {
  PersonEntity: withRule(
    nameBytesRule('name'),
    closed(
      {
        type: { type: 'string', const: 'person' },
        name: {
          ...screenableName,
          description: `The whole name, including any generational suffix; at least one non-space character. ${textNote}`,
        },
        aliases,
        dateOfBirth: { type: 'string', format: 'date', description: 'YYYY-MM-DD' },
        ...entityFields,
        providerType: subjectText({ type: 'string', maxLength: 255, description: textNote }),
      },
      ['type', 'name'],
      'A person. The former fields firstName, middleName, lastName and suffix were removed on 2026-08-23; a body carrying them is refused with 400 naming `name`. ' +
        nameBytesNote('name'),
    ),
  ),
  OrganizationEntity: withRule(
    nameBytesRule('legalName'),
    closed(
      {
        type: { type: 'string', const: 'organization' },
        legalName: { ...screenableName, description: `At least one non-space character. ${textNote}` },
        aliases,
        ...entityFields,
      },
      ['type', 'legalName'],
      `An organization. ${nameBytesNote('legalName')}`,
    ),
  ),
  Entity: {
    description: 'The entity to screen, selected by `type`.',
    type: 'object',
    properties: { type: { type: 'string', enum: ['person', 'organization'] } },
    required: ['type'],
    discriminator: { propertyName: 'type' },
    oneOf: [ref('PersonEntity'), ref('OrganizationEntity')],
  },
  FieldEvidence: closed(
    {
      field: { type: 'string', enum: ['name', 'npi', 'state', 'providerType', 'dateOfBirth'] },
      state: { type: 'string', enum: ['matched', 'not_matched', 'unknown'] },
      rosterValue: { type: ['string', 'null'], description: 'Value supplied by the caller.' },
      listValue: { type: ['string', 'null'], description: 'Value on the list.' },
      strong: { type: 'boolean' },
    },
    ['field', 'state', 'rosterValue', 'listValue', 'strong'],
  ),
  Provenance: closed({ sourceList: nonEmpty, listVersionId: nonEmpty, retrievedAt: dateTime }, [
    'sourceList',
    'listVersionId',
    'retrievedAt',
  ]),
  Match: closed(
    {
      label: { ...nonEmpty, examples: ['Potential match — verification required'] },
      fields: { type: 'array', items: ref('FieldEvidence') },
      provenance: ref('Provenance'),
      score: {
        type: 'number',
        minimum: 0,
        maximum: 1,
        description: 'Deterministic ordering figure, not a probability: 1 is an exact name match. Do not threshold on it.',
      },
    },
    ['label', 'fields', 'provenance', 'score'],
  ),
  Source: closed({ source: nonEmpty, listVersionId: nonEmpty, retrievedAt: dateTime }, ['source', 'listVersionId', 'retrievedAt']),
  ScreeningResult: closed(
    {
      status: { type: 'string', enum: ['clear', 'potential_match'] },
      matches: { type: 'array', items: ref('Match'), description: 'Strongest first.' },
      sources: { type: 'array', items: ref('Source'), description: 'One per list consulted.' },
      checkedAt: { ...dateTime, pattern: 'Z$' },
      recallCapped: {
        type: 'boolean',
        description: 'true: the candidate limit was reached; more matches may exist. Narrow the subject (dateOfBirth, npi, state).',
      },
    },
    ['status', 'matches', 'sources', 'checkedAt', 'recallCapped'],
  ),
  BatchRequest: closed(
    {
      items: {
        type: 'array',
        minItems: 1,
        maxItems: 2000,
        items: ref('BatchItem'),
        description:
          '1 to 2000 items. The request is refused (400) only for its envelope: no items, too many, an unknown field, a missing Idempotency-Key.',
      },
    },
    ['items'],
  ),
  BatchItem: {
    description:
      'Any JSON value: the request accepts every item as it is. Each item is then validated on its own against `Entity` ' +
      '(named by x-validated-against): a valid item is screened; any other value becomes an `error` result for its index ' +
      '(`BatchItemError`, its fields named relative to the item) and never fails the batch. Invalid items take no allowance.',
    [VALIDATED_AGAINST]: '#/components/schemas/Entity',
  },
  BatchAccepted: closed({ jobId: nonEmpty }, ['jobId']),
  BatchItemError: closed(
    {
      code: { type: 'string', const: 'invalid_request' },
      message: { type: 'string' },
      fields: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    },
    ['code', 'message', 'fields'],
  ),
  BatchItemResult: {
    oneOf: [
      closed({ index: { type: 'integer', minimum: 0 }, outcome: { type: 'string', const: 'completed' }, result: ref('ScreeningResult') }, [
        'index',
        'outcome',
        'result',
      ]),
      closed({ index: { type: 'integer', minimum: 0 }, outcome: { type: 'string', const: 'error' }, error: ref('BatchItemError') }, [
        'index',
        'outcome',
        'error',
      ]),
    ],
  },
  BatchJob: closed(
    {
      jobId: nonEmpty,
      state: { type: 'string', enum: ['queued', 'processing', 'completed'] },
      totalItems: { type: 'integer', minimum: 0 },
      completedItems: { type: 'integer', minimum: 0 },
      failedItems: { type: 'integer', minimum: 0 },
      createdAt: dateTime,
      startedAt: nullable(dateTime),
      completedAt: nullable(dateTime),
      results: { type: 'array', items: ref('BatchItemResult'), description: 'Present when state is completed.' },
    },
    ['jobId', 'state', 'totalItems', 'completedItems', 'failedItems', 'createdAt', 'startedAt', 'completedAt'],
  ),
  MonitoredRecord: closed(
    {
      id: { type: 'string', format: 'uuid' },
      status: { type: 'string', enum: ['clear', 'potential_match'] },
      matches: { type: 'array', items: ref('Match') },
      sources: { type: 'array', items: ref('Source') },
      checkedAt: dateTime,
    },
    ['id', 'status', 'matches', 'sources', 'checkedAt'],
    'A record enrolled through the API; tagged with source `api`.',
  ),
  MonitorRemoved: closed({ id: { type: 'string', format: 'uuid' } }, ['id']),
  MonitoredRecordPage: closed(
    {
      records: { type: 'array', items: ref('MonitoredRecord'), description: 'By id.' },
      nextCursor: { type: ['string', 'null'], description: 'Pass as `cursor` for the next page; null on the last page.' },
    },
    ['records', 'nextCursor'],
  ),
  CoverageSource: closed(
    {
      key: nonEmpty,
      name: nonEmpty,
      listVersionId: nonEmpty,
      retrievedAt: dateTime,
      cadence: { type: 'string', enum: ['daily', 'weekly', 'monthly', 'quarterly', 'on_change', 'irregular'] },
      cadenceLabel: nonEmpty,
      status: {
        type: 'string',
        enum: ['live', 'stale'],
        description:
          '`stale` when the list content has not changed for more than twice its cadence, or its publisher could not be fetched for longer than one period of it (the registry source uses the same word).',
      },
      contentChangedAt: { ...dateTime, description: 'When the list content last changed (an unchanged poll publishes no version).' },
      fetchedBy: {
        type: 'string',
        enum: ['publisher', 'by_hand'],
        description:
          '`publisher`: the service fetches the list from its publisher on a schedule; `by_hand`: an operator ingests each release.',
      },
    },
    ['key', 'name', 'listVersionId', 'retrievedAt', 'cadence', 'cadenceLabel', 'status', 'contentChangedAt'],
  ),
  RegistrySource: closed(
    {
      sourceKey: { type: 'string', const: 'NPPES' },
      scope: { type: 'string', const: 'organization_registry' },
      excludedFromMedicaidDenominator: { type: 'boolean', const: true },
      status: { type: 'string', enum: ['live', 'stale', 'disabled', 'unavailable'] },
      versionId: { type: ['string', 'null'], format: 'uuid' },
      retrievedAt: nullable(dateTime),
      artifactRetrievedAt: nullable(dateTime),
      sourceUrl: { type: ['string', 'null'], format: 'uri' },
      periodEnd: { type: ['string', 'null'], format: 'date' },
      organizationCount: { type: 'integer', minimum: 0 },
      artifactChecksum: { type: ['string', 'null'] },
      type1PublicPagesEnabled: { type: 'boolean', const: false },
    },
    [
      'sourceKey',
      'scope',
      'excludedFromMedicaidDenominator',
      'status',
      'versionId',
      'retrievedAt',
      'artifactRetrievedAt',
      'sourceUrl',
      'periodEnd',
      'organizationCount',
      'artifactChecksum',
      'type1PublicPagesEnabled',
    ],
  ),
  CoverageReport: closed(
    {
      sources: { type: 'array', items: ref('CoverageSource') },
      additionalSources: { type: 'array', items: ref('CoverageSource') },
      registrySources: { type: 'array', items: ref('RegistrySource') },
      gaps: { type: 'array', items: closed({ key: nonEmpty, name: nonEmpty, reason: nonEmpty }, ['key', 'name', 'reason']) },
      totals: closed({ screened: { type: 'integer', minimum: 0 }, total: { type: 'integer', minimum: 0 } }, ['screened', 'total']),
      asOf: dateTime,
    },
    ['sources', 'gaps', 'totals', 'asOf'],
  ),
  Price: closed(
    {
      screenCallCents: { type: 'integer', minimum: 0 },
      recordMonthCents: { type: 'integer', minimum: 0 },
      subtotalCents: { type: 'integer', minimum: 0 },
      platformMinimumCents: { type: 'integer', minimum: 0 },
      totalCents: { type: 'integer', minimum: 0 },
      minimumApplied: { type: 'boolean' },
    },
    ['screenCallCents', 'recordMonthCents', 'subtotalCents', 'platformMinimumCents', 'totalCents', 'minimumApplied'],
    'subtotal = screenCalls × the plan rate + recordMonths × the plan rate; total = max(subtotal, platform minimum).',
  ),
  UsageSummary: closed(
    {
      period: { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' },
      screenCalls: { type: 'integer', minimum: 0, description: 'Successful POST /screen calls plus completed batch items.' },
      recordMonths: { type: 'integer', minimum: 0 },
      price: ref('Price'),
    },
    ['period', 'screenCalls', 'recordMonths', 'price'],
  ),
  PublicLookupRequest: closed({ name: screenableName, type: { type: 'string', enum: ['person', 'organization'] } }, ['name']),
  PublicLookupResult: closed(
    {
      name: nonEmpty,
      type: { type: 'string', enum: ['person', 'organization'] },
      label: nonEmpty,
      score: { type: 'number', minimum: 0, maximum: 1 },
      source: nonEmpty,
      sourceName: nonEmpty,
      listVersionId: nonEmpty,
      retrievedAt: dateTime,
    },
    ['name', 'type', 'label', 'score', 'source', 'sourceName', 'listVersionId', 'retrievedAt'],
    'Never carries a date of birth or an address.',
  ),
  PublicLookupResponse: closed({ results: { type: 'array', items: ref('PublicLookupResult') }, notice: nonEmpty }, ['results', 'notice']),
  Error: closed(
    {
      code: {
        type: 'string',
        enum: [
          'invalid_request',
          'unauthorized',
          'api_allowance_reached',
          'single_screening_allowance_reached',
          'forbidden',
          'not_found',
          'method_not_allowed',
          'payload_too_large',
          'rate_limited',
          'internal_error',
          'not_implemented',
          'service_unavailable',
        ],
      },
      message: nonEmpty,
      fields: ref('ErrorFields'),
      allowance: ref('AllowanceBlock'),
    },
    ['code', 'message'],
    'Every error. Clients branch on code; messages may change.',
  ),
  /**
   * Named once and referenced from Error and ValidationError: an inline object schema in both would make
   * generated clients build two models of the same name (ErrorFields) and drop the error models.
   */
  ErrorFields: {
    type: 'object',
    additionalProperties: { type: 'array', minItems: 1, items: { type: 'string' } },
    description: 'Each invalid field (dotted path, e.g. items[3].name; headers by name) mapped to its reasons.',
  },
  ValidationError: narrowedError(
    { code: { enum: ['invalid_request'] }, fields: ref('ErrorFields') },
    ['fields'],
    'fields maps each invalid field (dotted path, e.g. items[3].name; headers by name) to the reasons.',
  ),
  AllowanceBlock: closed(
    {
      plan: { type: 'string', enum: ['trial', 'small', 'medium', 'large', 'enterprise'] },
      period: { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' },
      includedCalls: { type: 'integer', minimum: 0 },
      usedCalls: { type: 'integer', minimum: 0 },
      resetsOn: { type: 'string', format: 'date', description: 'The date (UTC) the count returns to zero: the 1st of the next month.' },
      plansWithMoreRoom: {
        type: 'array',
        items: closed({ plan: nonEmpty, includedCalls: { type: ['integer', 'null'], minimum: 0 }, billsExcess: { type: 'boolean' } }, [
          'plan',
          'includedCalls',
          'billsExcess',
        ]),
      },
    },
    ['plan', 'period', 'includedCalls', 'usedCalls', 'resetsOn', 'plansWithMoreRoom'],
  ),
  AllowanceError: narrowedError(
    { code: { enum: ['api_allowance_reached', 'single_screening_allowance_reached'] }, allowance: ref('AllowanceBlock') },
    ['allowance'],
  ),
  WebhookEventType: {
    type: 'string',
    enum: ['match_status_change', 'batch_completed', 'list_update', 'review_opened', 'review_reopened', 'review_resolved'],
    description: "The contract's three events, and the reviews' extensions (review_*), delivered only to endpoints that name them.",
  },
  WebhookEndpointRequest: closed(
    {
      url: {
        type: 'string',
        format: 'uri',
        maxLength: 2048,
        description:
          'http or https, without credentials. The host is resolved at registration: refused (400 naming url) when it does not resolve or resolves to a private, loopback, link-local or cloud-metadata address.',
      },
      events: {
        type: 'array',
        minItems: 1,
        uniqueItems: true,
        items: ref('WebhookEventType'),
        description: "The event types to deliver; the contract's three when omitted (review_* only when named).",
      },
    },
    ['url'],
  ),
  WebhookEndpoint: closed(webhookEndpointFields, Object.keys(webhookEndpointFields)),
  WebhookEndpointCreated: closed(
    {
      ...webhookEndpointFields,
      secret: { type: 'string', minLength: 32, description: 'The signing secret. Shown here once and never again.' },
    },
    [...Object.keys(webhookEndpointFields), 'secret'],
  ),
  WebhookSecretRotated: closed(
    {
      id: { type: 'string', format: 'uuid' },
      secret: { type: 'string', minLength: 32, description: 'The new signing secret, shown once. The previous one stopped signing.' },
    },
    ['id', 'secret'],
  ),
  WebhookEndpointRemoved: closed({ id: { type: 'string', format: 'uuid' } }, ['id']),
  WebhookEndpointList: closed({ endpoints: { type: 'array', items: ref('WebhookEndpoint') } }, ['endpoints']),
  DeliveryAttempt: closed(
    {
      attempt: { type: 'integer', minimum: 1 },
      attemptedAt: dateTime,
      statusCode: {
        type: ['integer', 'null'],
        description: 'null when no HTTP answer came: refused target, connection error or time-out.',
      },
      latencyMs: { type: 'integer', minimum: 0 },
      error: { type: ['string', 'null'], description: 'null for a 2xx answer.' },
    },
    ['attempt', 'attemptedAt', 'statusCode', 'latencyMs', 'error'],
  ),
  Delivery: closed(
    {
      id: { type: 'string', format: 'uuid', description: 'Sent as Service-Webhook-Id.' },
      endpointId: { type: 'string', format: 'uuid' },
      eventId: { type: 'string', format: 'uuid', description: 'The `id` of the body; a replay carries the same event.' },
      eventType: ref('WebhookEventType'),
      status: {
        type: 'string',
        enum: ['pending', 'held', 'succeeded', 'failed', 'cancelled'],
        description:
          'held: kept, not sent, while its endpoint is disabled (or, for a monitoring event, while the organization is read-only); sent once that ends. failed: every attempt of the series was used. cancelled: its endpoint or its monitored record was removed first.',
      },
      createdAt: dateTime,
      completedAt: nullable(dateTime),
      replayOf: { type: ['string', 'null'], format: 'uuid', description: 'The delivery this one replays.' },
      attempts: { type: 'array', items: ref('DeliveryAttempt'), description: 'Every attempt, oldest first.' },
    },
    ['id', 'endpointId', 'eventId', 'eventType', 'status', 'createdAt', 'completedAt', 'replayOf', 'attempts'],
  ),
  DeliveryLogPage: closed(
    {
      deliveries: { type: 'array', items: ref('Delivery'), description: 'Newest first.' },
      nextCursor: { type: ['string', 'null'], description: 'Pass as `cursor` for the next page; null on the last page.' },
    },
    ['deliveries', 'nextCursor'],
  ),
  MatchStatusChangeEvent: eventEnvelope(
    'match_status_change',
    closed(
      {
        recordId: { type: 'string', format: 'uuid', description: 'The monitored record (PUT /monitor `id`).' },
        previousStatus: { type: 'string', enum: ['clear', 'potential_match'] },
        status: { type: 'string', enum: ['clear', 'potential_match'] },
        matches: { type: 'array', items: ref('Match'), description: 'Strongest first, with per-field evidence and provenance.' },
        sources: { type: 'array', items: ref('Source'), description: 'The list versions of this re-screening.' },
        checkedAt: dateTime,
      },
      ['recordId', 'previousStatus', 'status', 'matches', 'sources', 'checkedAt'],
    ),
    "A monitored record's screening status changed on a new list version.",
  ),
  BatchCompletedEvent: eventEnvelope(
    'batch_completed',
    closed(
      {
        jobId: nonEmpty,
        totalItems: { type: 'integer', minimum: 0 },
        completedItems: { type: 'integer', minimum: 0 },
        failedItems: { type: 'integer', minimum: 0 },
        potentialMatchItems: { type: 'integer', minimum: 0, description: 'Completed items whose status is potential_match.' },
        completedAt: dateTime,
      },
      ['jobId', 'totalItems', 'completedItems', 'failedItems', 'potentialMatchItems', 'completedAt'],
    ),
    'A batch job finished; read its results with GET /batch/{jobId}.',
  ),
  ListUpdateEvent: eventEnvelope(
    'list_update',
    closed(
      {
        source: nonEmpty,
        sourceName: nonEmpty,
        listVersionId: nonEmpty,
        previousListVersionId: { type: ['string', 'null'] },
        retrievedAt: dateTime,
        added: { type: 'integer', minimum: 0 },
        removed: { type: 'integer', minimum: 0 },
        changed: { type: 'integer', minimum: 0 },
      },
      ['source', 'sourceName', 'listVersionId', 'previousListVersionId', 'retrievedAt', 'added', 'removed', 'changed'],
    ),
    'A covered list published a new immutable version; monitored records are re-screened against it.',
  ),
  WebhookEvent: {
    description: 'The body of every delivery, selected by `type`.',
    type: 'object',
    properties: { type: ref('WebhookEventType') },
    required: ['type'],
    oneOf: [
      ref('MatchStatusChangeEvent'),
      ref('BatchCompletedEvent'),
      ref('ListUpdateEvent'),
      ref('ReviewOpenedEvent'),
      ref('ReviewReopenedEvent'),
      ref('ReviewResolvedEvent'),
    ],
    discriminator: { propertyName: 'type' },
  },
};
