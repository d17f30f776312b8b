/**
 * JSON Schema of the reviews of potential matches, an extension of the v1 contract
 * (docs/reviews.md). Merged into #/components/schemas by document.ts.
 */
import { NO_LONE_SURROGATE, SUBJECT_TEXT_PATTERN } from './schemas';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const dateTime: Schema = { type: 'string', format: 'date-time' };
const uuid: Schema = { type: 'string', format: 'uuid' };
const nullableText: Schema = { type: ['string', 'null'] };
const closed = (properties: Record<string, Schema>, required: string[] = Object.keys(properties), description?: string): Schema => ({
  type: 'object',
  ...(description ? { description } : {}),
  properties,
  required,
  additionalProperties: false,
});
/** One line of text: no control character and no lone surrogate (as a subject's names). */
const line = (maxLength: number, description: string): Schema => ({
  type: 'string',
  minLength: 1,
  maxLength,
  pattern: SUBJECT_TEXT_PATTERN,
  ...NO_LONE_SURROGATE,
  description,
});
/** Free text: line breaks and tabs allowed, no other control character, no lone surrogate. */
const NOTE_PATTERN = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]*$';

const reviewFields: Record<string, Schema> = {
  id: uuid,
  recordId: { ...uuid, description: 'The monitored record (PUT /monitor `id`).' },
  state: ref('ReviewState'),
  matchPresent: { type: 'boolean', description: 'false once the record no longer matches the entry; the review and its history stay.' },
  source: { type: 'string', minLength: 1, description: 'The list (its `source` key).' },
  entryKey: { type: 'string', minLength: 1, description: 'The listed entry, stable within its list.' },
  listVersionId: { ...uuid, description: 'The list version the entry was last seen in.' },
  entryHash: { type: 'string', description: "The entry's content hash in that version: it changes when any listed field changes." },
  entry: ref('ReviewedEntry'),
  match: ref('Match'),
  changes: {
    type: ['array', 'null'],
    items: ref('ReviewFieldChange'),
    description: 'What changed, field by field, when the service last reopened the review; null if it never did.',
  },
  decision: {
    oneOf: [ref('ReviewDecision'), { type: 'null' }],
    description: 'The decision in force (state resolved), or the one awaiting approval under four eyes; null otherwise.',
  },
  openedAt: dateTime,
  updatedAt: dateTime,
};

export const reviewSchemas: Record<string, Schema> = {
  ReviewState: {
    type: 'string',
    enum: ['open', 'resolved'],
    description: 'open: needs a decision (or its approval). resolved: a decision is in force.',
  },
  ReviewDecisionKind: { type: 'string', enum: ['not_a_match', 'confirmed_match', 'unable_to_determine'] },
  IdentifierCompared: closed(
    {
      field: line(100, 'The identifier compared, e.g. `dateOfBirth`, `ssn`, `licenseNumber`.'),
      checkedIn: line(500, 'Where it was checked, e.g. "LEIE online verification by SSN", "state board licence lookup".'),
      outcome: { type: 'string', enum: ['same', 'different', 'not_available'] },
    },
    ['field', 'checkedIn', 'outcome'],
  ),
  ReviewDecisionRequest: closed(
    {
      decision: ref('ReviewDecisionKind'),
      reasonCode: {
        type: 'string',
        pattern: '^[a-z][a-z0-9_]{0,63}$',
        description: "The organization's reason code (lowercase, digits, _).",
      },
      note: {
        type: 'string',
        minLength: 1,
        maxLength: 4000,
        pattern: NOTE_PATTERN,
        ...NO_LONE_SURROGATE,
        description: 'How it was verified. Line breaks allowed.',
      },
      reviewer: line(200, 'Who decided (a person); recorded beside the API key.'),
      identifiers: { type: 'array', minItems: 1, maxItems: 50, items: ref('IdentifierCompared') },
      validUntil: {
        ...dateTime,
        description:
          'After this instant the decision no longer carries forward: the next re-screen reopens the review. One already past is refused with 400 naming validUntil.',
      },
    },
    ['decision', 'reasonCode', 'note', 'reviewer', 'identifiers'],
  ),
  ReviewApprovalRequest: closed({ reviewer: line(200, 'The second reviewer: another than the one who decided.') }),
  ReviewFieldChange: closed(
    {
      field: { type: 'string', description: '`entry.<field>`, `subject.<field>` or `decision.validUntil`.' },
      previous: { description: 'The value before (null: none).' },
      current: { description: 'The value now (null: none).' },
    },
    ['field', 'previous', 'current'],
  ),
  ReviewedEntry: closed(
    {
      name: { type: 'string' },
      aliases: { type: 'array', items: { type: 'string' } },
      npis: { type: 'array', items: { type: 'string' } },
      dateOfBirth: nullableText,
      state: nullableText,
      providerType: nullableText,
      action: nullableText,
      startDate: nullableText,
      endDate: nullableText,
    },
    undefined,
    "The listed entry's identifying fields as last seen.",
  ),
  ReviewDecision: closed({
    id: uuid,
    decision: ref('ReviewDecisionKind'),
    reasonCode: { type: 'string' },
    note: { type: 'string' },
    identifiers: { type: 'array', items: ref('IdentifierCompared') },
    reviewer: { type: 'string' },
    apiKeyId: { ...uuid, description: 'The API key that recorded it.' },
    validUntil: { type: ['string', 'null'], format: 'date-time' },
    decidedAt: dateTime,
    listVersionId: { ...uuid, description: 'The list version the reviewer saw.' },
    entryHash: { type: 'string', description: "The entry's content hash the decision was made on." },
    subjectHash: { type: 'string', description: "The subject's identifying fields (sha256) the decision was made on." },
    status: { type: 'string', enum: ['in_force', 'awaiting_approval', 'superseded'] },
    approval: {
      oneOf: [closed({ reviewer: { type: 'string' }, apiKeyId: uuid, approvedAt: dateTime }), { type: 'null' }],
      description: "The second reviewer's approval under four eyes.",
    },
  }),
  Review: closed(reviewFields),
  ReviewDetail: closed({
    ...reviewFields,
    subject: { type: 'object', description: "The monitored subject's identifying fields as last seen." },
    decisions: { type: 'array', items: ref('ReviewDecision'), description: 'Every decision, oldest first (append-only).' },
    history: {
      type: 'array',
      description: 'Everything that happened to the review, oldest first.',
      items: closed({
        kind: {
          type: 'string',
          enum: ['opened', 'reopened', 'carried_forward', 'changed_while_open', 'match_gone', 'match_back', 'decided', 'approved'],
        },
        at: dateTime,
        detail: { type: 'object' },
      }),
    },
  }),
  Attestation: closed({
    organizationId: uuid,
    month: { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' },
    periodEnd: { ...dateTime, description: 'The first instant of the next month (UTC): what the record holds is as of then.' },
    generatedAt: dateTime,
    previousHash: { type: ['string', 'null'], description: "The previous month's `hash`; null for the organization's first month." },
    subjects: {
      type: 'array',
      description:
        'Every subject monitored at month end: recordId, subject, status, listVersions, checkedAt, and screenedAfterPeriodEnd (true: the record was screened again after month end before the attestation was built, and this is that screening).',
      items: { type: 'object' },
    },
    reviews: {
      type: 'array',
      description: 'Every review opened by month end, with its state and the decision in force then (null while open).',
      items: { type: 'object' },
    },
    hash: { type: 'string', description: 'sha256 (hex) of the attestation without `hash` and `signature`, as stored (the JSON text).' },
    signature: closed({
      keyId: { type: 'string' },
      algorithm: { type: 'string', const: 'ed25519' },
      value: { type: 'string', description: 'base64 Ed25519 signature of `hash` (its hex text).' },
    }),
  }),
  ReviewPage: closed({
    reviews: { type: 'array', items: ref('Review') },
    nextCursor: { type: ['string', 'null'], description: 'Pass as `cursor` for the next page; null on the last page.' },
  }),
};

const reviewEvent = (type: string, data: Record<string, Schema>, description: string): Schema =>
  closed(
    {
      id: { ...uuid, description: 'The event id: the same in every attempt and in a replay.' },
      type: { type: 'string', const: type },
      createdAt: dateTime,
      data: closed({ reviewId: uuid, recordId: uuid, ...data }),
    },
    ['id', 'type', 'createdAt', 'data'],
    `${description} An extension of the contract: delivered only to endpoints that name it in \`events\`.`,
  );

const seen = { source: { type: 'string' }, entryKey: { type: 'string' }, listVersionId: uuid, match: ref('Match') };

export const reviewEventSchemas: Record<string, Schema> = {
  ReviewOpenedEvent: reviewEvent('review_opened', seen, 'A monitored record matched a listed entry for the first time: a review opened.'),
  ReviewReopenedEvent: reviewEvent(
    'review_reopened',
    {
      ...seen,
      reasons: { type: 'array', items: { type: 'string', enum: ['entry_changed', 'subject_changed', 'decision_expired'] } },
      changes: { type: 'array', items: ref('ReviewFieldChange') },
    },
    'A resolved review reopened: the listed entry or the subject changed, or the decision expired.',
  ),
  ReviewResolvedEvent: reviewEvent(
    'review_resolved',
    { decisionId: uuid, decision: ref('ReviewDecisionKind') },
    'A decision came into force (under four eyes, when it was approved).',
  ),
};
