import { matchChangeKind } from '../../../activities/monitoring';
import { needsApproval, reviewsOnRescreen, sameReviewer } from '../../../activities/reviews';
import { fieldChanges, subjectHash, subjectSnapshot } from '../../../activities/reviews/fields';
import type { Match } from '../../../matcher/types';

const match = (listVersionId: string, score = 0.9): Match => ({
  label: 'Potential match — verification required',
  fields: [],
  provenance: { sourceList: 'oig_leie', listVersionId, retrievedAt: '2026-01-01T00:00:00.000Z' },
  score,
});

describe('the match changes a re-screen emits', () => {
  it('appeared when there was none, gone when there is none, changed when they differ, nothing when they are the same', () => {
    expect(matchChangeKind([], [match('v1')])).toBe('appeared');
    expect(matchChangeKind([match('v1')], [])).toBe('gone');
    expect(matchChangeKind([match('v1')], [match('v1', 0.8)])).toBe('changed');
    expect(matchChangeKind([match('v1')], [match('v2', 0.8)])).toBe('changed');
    expect(matchChangeKind([match('v1')], [match('v1'), match('v1', 0.8)])).toBe('changed');
    expect(matchChangeKind([match('v1')], [match('v1')])).toBeNull();
    expect(matchChangeKind([], [])).toBeNull();
  });

  it('relisted when only the list version moved: the same evidence, scores and order on another version', () => {
    expect(matchChangeKind([match('v1')], [match('v2')])).toBe('relisted');
    const retrievedLater = { ...match('v2'), provenance: { ...match('v2').provenance, retrievedAt: '2026-02-01T00:00:00.000Z' } };
    expect(matchChangeKind([match('v1')], [retrievedLater])).toBe('relisted');
    const otherList = { ...match('v2'), provenance: { ...match('v2').provenance, sourceList: 'sam_exclusions' } };
    expect(matchChangeKind([match('v1')], [otherList])).toBe('changed');
  });

  it('compares matches by content, whatever the order of their keys (jsonb keeps its own)', () => {
    const stored = JSON.parse(
      JSON.stringify(match('v1'), ['score', 'provenance', 'retrievedAt', 'listVersionId', 'sourceList', 'fields', 'label']),
    );
    expect(Object.keys(stored)).not.toEqual(Object.keys(match('v1')));
    expect(matchChangeKind([stored], [match('v1')])).toBeNull();
  });
});

describe('the field-by-field diff of a reopened review', () => {
  it('names each field that differs, with its previous and current value, absent read as null', () => {
    expect(
      fieldChanges('entry', { name: 'A B', dateOfBirth: null, npis: [] }, { name: 'A B', dateOfBirth: '1980-05-05', npis: ['1234567893'] }),
    ).toEqual([
      { field: 'entry.dateOfBirth', previous: null, current: '1980-05-05' },
      { field: 'entry.npis', previous: [], current: ['1234567893'] },
    ]);
    expect(fieldChanges('subject', { name: 'A' }, { name: 'A', state: 'IL' })).toEqual([
      { field: 'subject.state', previous: null, current: 'IL' },
    ]);
    expect(fieldChanges('entry', { name: 'A' }, { name: 'A' })).toEqual([]);
  });

  it("hashes the subject's identifying fields whatever their order", () => {
    const a = subjectSnapshot({ type: 'person', name: 'Ann Lee', dateOfBirth: '1970-01-01' });
    const b = subjectSnapshot({ dateOfBirth: '1970-01-01', name: 'Ann Lee', type: 'person' });
    expect(subjectHash(a)).toBe(subjectHash(b));
    expect(subjectHash(a)).not.toBe(subjectHash(subjectSnapshot({ type: 'person', name: 'Ann Lee' })));
  });
});

describe('four eyes', () => {
  it('asks a second reviewer for what the organization names: confirmed matches, or every decision', () => {
    expect(needsApproval('off', 'confirmed_match')).toBe(false);
    expect(needsApproval('confirmed_match', 'confirmed_match')).toBe(true);
    expect(needsApproval('confirmed_match', 'not_a_match')).toBe(false);
    expect(needsApproval('all', 'unable_to_determine')).toBe(true);
  });

  it('takes names differing only in case and surrounding spaces for the same reviewer', () => {
    expect(sameReviewer('Ana Reviewer', '  ana reviewer ')).toBe(true);
    expect(sameReviewer('Ana Reviewer', 'Ben Reviewer')).toBe(false);
  });
});

describe('REVIEWS_ON_RESCREEN', () => {
  it('is on unless set to off, and refuses any other value', () => {
    expect(reviewsOnRescreen({})).toBe(true);
    expect(reviewsOnRescreen({ REVIEWS_ON_RESCREEN: 'on' })).toBe(true);
    expect(reviewsOnRescreen({ REVIEWS_ON_RESCREEN: ' OFF ' })).toBe(false);
    expect(() => reviewsOnRescreen({ REVIEWS_ON_RESCREEN: 'no' })).toThrow(/REVIEWS_ON_RESCREEN/);
  });
});
