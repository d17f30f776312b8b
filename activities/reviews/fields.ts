import { createHash } from 'node:crypto';
import type { Entity } from '../../matcher/types';

/** A listed entry's fields as a review shows them and diffs them (list_entries). */
export interface EntrySnapshot {
  name: string;
  aliases: string[];
  npis: string[];
  dateOfBirth: string | null;
  state: string | null;
  providerType: string | null;
  action: string | null;
  startDate: string | null;
  endDate: string | null;
}

/** One field that differs between what a review last saw and what it sees now. */
export interface FieldChange {
  /** `entry.<field>` for the listed entry, `subject.<field>` for the monitored subject, `decision.validUntil` for an expiry. */
  field: string;
  previous: unknown;
  current: unknown;
}

/** The subject's identifying fields: every field of the entity, the type included. */
export type SubjectSnapshot = Record<string, unknown>;

export function subjectSnapshot(entity: Entity): SubjectSnapshot {
  const out: SubjectSnapshot = {};
  for (const key of Object.keys(entity).sort()) {
    const value = (entity as unknown as Record<string, unknown>)[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** sha256 of the subject's identifying fields, in key order: a carried-forward decision must find it unchanged. */
export function subjectHash(subject: SubjectSnapshot): string {
  return createHash('sha256').update(JSON.stringify(subject)).digest('hex');
}

/** The fields of `previous` and `current` that differ, named `<prefix>.<field>`, in field order. */
export function fieldChanges(prefix: string, previous: Record<string, unknown>, current: Record<string, unknown>): FieldChange[] {
  const keys = [...new Set([...Object.keys(previous), ...Object.keys(current)])].sort();
  return keys
    .filter((k) => JSON.stringify(previous[k] ?? null) !== JSON.stringify(current[k] ?? null))
    .map((k) => ({ field: `${prefix}.${k}`, previous: previous[k] ?? null, current: current[k] ?? null }));
}
