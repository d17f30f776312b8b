import type { IndexedEntry } from '../../../matcher/engine';
import { parseNicknameCsv } from '../../bench/eval/nicknames';
import { PartyWordIndex, SharedWords, nameWords, partyWords } from '../../bench/eval/precision/sharedWords';

// A two-row parser input, not the nickname table: the harness reads the real one from nicknames==1.0.1.
const nicknames = parseNicknameCsv('name1,relationship,name2\nrobert,has_nickname,bob\nmichael,has_nickname,mike\n');

function party(entryKey: string, name: string, aliases: string[] = []): IndexedEntry {
  return {
    sourceKey: 'sam_exclusions',
    sourceName: 'SAM',
    listVersionId: 'v',
    retrievedAt: 't',
    entryKey,
    kind: 'person',
    name,
    lastName: null,
    firstName: null,
    middleName: null,
    suffix: null,
    aliases,
    npis: [],
    dateOfBirth: null,
    state: null,
    providerType: null,
  };
}

describe('the precision harness: which name words a roster name shares with a listed party', () => {
  it('reads name words without initials, particles, suffixes, credentials or accents', () => {
    expect(nameWords('José M. de la Cruz Jr, RN')).toEqual(['JOSE', 'CRUZ']);
  });

  it('shares a word written the same, within a typo, or as a nickname; not a looser likeness', () => {
    const shared = new SharedWords([], nicknames);
    const listed = partyWords(party('p', 'ROBERT GARDNER', ['MIKE SMITH']));
    expect(shared.count(['BOB', 'GARDNER'], listed)).toBe(2);
    expect(shared.count(['ROBERT', 'GARDENER'], listed)).toBe(2);
    expect(shared.count(['MICHAEL', 'SMYTH'], listed)).toBe(2);
    expect(shared.count(['ROBIN', 'CURRY'], listed)).toBe(0);
  });

  it('drops from the roster a name two of whose words one listed party holds, alias words included', () => {
    const entries = [party('a', 'MICHAEL J WAGNER', ['WAGNER, MICHAEL']), party('b', 'SUSAN CHERRY')];
    const index = new PartyWordIndex(entries, 'person');
    const shared = new SharedWords(index.words, nicknames);
    expect(index.mostShared(nameWords('Mike Wagner'), shared)).toBe(2);
    expect(index.mostShared(nameWords('Michael Cherry'), shared)).toBe(1);
    expect(index.mostShared(nameWords('Susan Curry'), shared)).toBe(1);
  });
});

describe('the precision harness: a roster name a listed party is listed under', () => {
  it('is dropped even when it holds fewer than two name words (short words and legal forms aside)', () => {
    const org = (entryKey: string, name: string): IndexedEntry => ({ ...party(entryKey, name), kind: 'organization' });
    const index = new PartyWordIndex([org('a', 'A-1 AMBULANCE INC'), org('b', 'A+ DENTAL LLC')], 'organization');
    const shared = new SharedWords(index.words, nicknames);
    expect(index.mostShared(nameWords('A-1 AMBULANCE, INC'), shared)).toBe(1);
    expect(index.listsName('A-1 AMBULANCE, INC')).toBe(true);
    expect(index.listsName('A+ Dental, LLC')).toBe(true);
    expect(index.listsName('B-2 AMBULANCE INC')).toBe(false);
  });
});
