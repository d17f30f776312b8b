import { splitAliases } from '../../../matcher/normalize/aliases';
import { isOnlyCredentials, joinDottedCredentials, removeCredentials } from '../../../matcher/normalize/credentials';
import { fold } from '../../../matcher/normalize/fold';
import { removeHonorifics } from '../../../matcher/normalize/honorifics';
import { joinInitials, removeLegalForms } from '../../../matcher/normalize/legalForms';
import { reorderPersonName } from '../../../matcher/normalize/nameOrder';
import { nicknames, parseNicknames } from '../../../matcher/normalize/nicknames';
import { ocrKey } from '../../../matcher/normalize/ocr';
import { normalizeOrgName } from '../../../matcher/normalize/orgName';
import { canonicalOrgWord } from '../../../matcher/normalize/orgWords';
import { lettersForDigits, normalizePersonName, normalizePersonParts } from '../../../matcher/normalize/personName';
import { phoneticKey } from '../../../matcher/normalize/phonetic';
import { tokenize } from '../../../matcher/normalize/punctuation';
import { removeSuffixes } from '../../../matcher/normalize/suffixes';

const keys = (raw: string): string[] => normalizePersonName(raw).map((n) => n.key);
const orgKeys = (raw: string): string[] => normalizeOrgName(raw).map((n) => n.key);

describe('fold: Unicode to plain uppercase', () => {
  it.each([
    ['José Müller', 'JOSE MULLER'],
    ['Straße', 'STRASSE'],
    ['Søren Ørsted', 'SOREN ORSTED'],
    ['Łukasz Đorđević', 'LUKASZ DORDEVIC'],
    ['Æsa Œuvre', 'AESA OEUVRE'],
    ['ＪＯＨＮ', 'JOHN'],
    ['O’Brien – Smith', "O'BRIEN - SMITH"],
  ])('%s -> %s', (input, expected) => expect(fold(input)).toBe(expected));
});

describe('punctuation: tokens of letters and digits', () => {
  it('drops periods and apostrophes in place and splits on other marks', () => {
    expect(tokenize("O'BRIEN-SMITH, M.D.")).toEqual(['OBRIEN', 'SMITH', 'MD']);
    expect(tokenize('A&B  HEALTH')).toEqual(['A', 'AND', 'B', 'HEALTH']);
    expect(tokenize(' ,. ')).toEqual([]);
  });
});

describe('suffixes', () => {
  it('removes generational suffixes but keeps a lone token', () => {
    expect(removeSuffixes(['JOHN', 'SMITH', 'JR'])).toEqual({ tokens: ['JOHN', 'SMITH'], suffix: 'JR' });
    expect(removeSuffixes(['JOHN', 'III', 'SMITH']).tokens).toEqual(['JOHN', 'SMITH']);
    expect(removeSuffixes(['II']).tokens).toEqual(['II']);
  });
});

describe('credentials', () => {
  it('removes trailing unambiguous credentials, never legal forms', () => {
    expect(removeCredentials(['RUTH', 'JONES', 'MD', 'PHD'])).toEqual(['RUTH', 'JONES']);
    expect(removeCredentials(['ACME', 'LLC'])).toEqual(['ACME', 'LLC']);
    expect(removeCredentials(['ACME', 'INC'])).toEqual(['ACME', 'INC']);
    expect(removeCredentials(['ACME', 'PC'])).toEqual(['ACME', 'PC']);
  });
  it('keeps ambiguous credentials that are also surnames unless marked', () => {
    expect(removeCredentials(['ANH', 'DO'])).toEqual(['ANH', 'DO']);
    expect(removeCredentials(['RUTH', 'JONES', 'DO'], true)).toEqual(['RUTH', 'JONES']);
    expect(removeCredentials(['RUTH', 'JONES', 'RN', 'PA'])).toEqual(['RUTH', 'JONES']);
  });
  it('joins dotted and hyphenated credentials', () => {
    expect(joinDottedCredentials('JANE ROE, PA-C')).toBe('JANE ROE, PAC');
    expect(tokenize(joinDottedCredentials('PSY.D.'))).toEqual(['PSYD']);
    expect(isOnlyCredentials(['MD', 'JR'])).toBe(true);
    expect(isOnlyCredentials(['SMITH'])).toBe(false);
  });
});

describe('honorifics', () => {
  it('drops leading titles only', () => {
    expect(removeHonorifics(['DR', 'MRS', 'ANN', 'LEE'])).toEqual(['ANN', 'LEE']);
    expect(removeHonorifics(['ANN', 'MS'])).toEqual(['ANN', 'MS']);
    expect(removeHonorifics(['DR'])).toEqual(['DR']);
  });
});

describe('name order', () => {
  it('turns LAST, FIRST into FIRST LAST and sets aside trailing credentials', () => {
    expect(reorderPersonName('SMITH, JOHN A')).toEqual({ text: 'JOHN A SMITH', trailing: [] });
    expect(reorderPersonName('RUTH DIANE JONES, DO')).toEqual({ text: 'RUTH DIANE JONES', trailing: ['DO'] });
    expect(reorderPersonName('SMITH JR, JOHN').text).toBe('JOHN SMITH JR');
  });
});

describe('DBA / AKA / FKA splitting', () => {
  it.each([
    ['ACME INC DBA ACME CARE', ['ACME INC', 'ACME CARE']],
    ['ACME LLC  d/b/a Sunrise Home', ['ACME LLC', 'SUNRISE HOME']],
    ['ACME LLC D/B/AMONTESSORI KIDS', ['ACME LLC', 'MONTESSORI KIDS']],
    ['ACME LLC d.b.a. Sunrise', ['ACME LLC', 'SUNRISE']],
    ['JANE DOE AKA JANE ROE', ['JANE DOE', 'JANE ROE']],
    ['JANE DOE (a.k.a. Jane Roe)', ['JANE DOE', 'JANE ROE']],
    ['JANE DOE F/K/A JANE ROE', ['JANE DOE', 'JANE ROE']],
    ['ANNA SMITH; ANNA JONES', ['ANNA SMITH', 'ANNA JONES']],
    ['TAKAHASHI KIDBA', ['TAKAHASHI KIDBA']],
  ])('%s', (input, expected) => expect(splitAliases(fold(input))).toEqual(expected));
});

describe('legal forms', () => {
  it('removes legal forms after the first token and joins spaced initials', () => {
    expect(removeLegalForms(tokenize('ACME HEALTH, INC.'))).toEqual(['ACME', 'HEALTH']);
    expect(joinInitials(tokenize('ACME L. L. C.'))).toEqual(['ACME', 'LLC']);
    expect(removeLegalForms(['CO'])).toEqual(['CO']);
    expect(orgKeys('Acme Health L.L.C.')).toEqual(orgKeys('ACME HEALTH PLLC'));
    expect(orgKeys('ACME CORPORATION')).toEqual(['ACME']);
  });
});

describe('organization abbreviations', () => {
  it('maps long and short forms, and misspelt long forms, to one spelling', () => {
    expect(orgKeys('Saint Joseph Medical Center')).toEqual(orgKeys('ST JOSEPH MED CTR'));
    expect(canonicalOrgWord('FAILY')).toBe('FAM');
    expect(canonicalOrgWord('RTANSPORTATION')).toBe('TRANSPORT');
    expect(canonicalOrgWord('ZEPHYR')).toBe('ZEPHYR');
  });
});

describe('nicknames from the data set', () => {
  it('relates a name, its nicknames and its family, but not two formal names through a shared nickname', () => {
    const n = nicknames();
    expect(n.equivalent('WILLIAM', 'BILL')).toBe(true);
    expect(n.equivalent('BILL', 'WILL')).toBe(true);
    expect(n.equivalent('ROBERT', 'BOB')).toBe(true);
    expect(n.equivalent('JOHN', 'MARY')).toBe(false);
  });
  it('parses the csv format', () => {
    const t = parseNicknames('name1,relationship,name2\nalbert,has_nickname,al\nalfred,has_nickname,al\n');
    expect(t.equivalent('ALBERT', 'AL')).toBe(true);
    expect(t.equivalent('ALBERT', 'ALFRED')).toBe(false);
  });
});

describe('phonetic key', () => {
  it('gives sound-alike spellings one key', () => {
    expect(phoneticKey('KATHERINE')).toBe(phoneticKey('CATHRYN'));
    expect(phoneticKey('PHILLIPS')).toBe(phoneticKey('FILIPS'));
    expect(phoneticKey('SMITH')).not.toBe(phoneticKey('JONES'));
  });
});

describe('OCR confusions', () => {
  it('maps misread characters together', () => {
    expect(ocrKey('RNYERS')).toBe(ocrKey('MYERS'));
    expect(ocrKey('SM1TH')).toBe(ocrKey('SMITH'));
    expect(ocrKey('0LSEN')).toBe(ocrKey('OLSEN'));
    expect(lettersForDigits('WEBB 1V')).toBe('WEBB IV');
    expect(lettersForDigits('SMITH 3RD')).toBe('SMITH III');
  });
});

describe('person name pipeline', () => {
  it('normalizes the written forms of one name to one key', () => {
    const key = 'JOHN A SMITH';
    expect(keys('Dr. John A. Smith Jr., MD')).toEqual([key]);
    expect(keys('SMITH, JOHN A')).toEqual([key]);
    expect(keys('smith, john a, m.d.')).toEqual([key]);
    expect(keys('John A Smith III')).toEqual([key]);
  });
  it('marks the surname of a LAST, FIRST name, compound surnames included', () => {
    const [n] = normalizePersonName('BERZUNZA LARA, JOSE');
    expect(n.tokens).toEqual(['JOSE', 'BERZUNZA', 'LARA']);
    expect(n.roles).toEqual(['given', 'surname', 'surname']);
  });
  it('splits aliases into separate names', () => {
    expect(keys('Jane Doe aka Jane Roe')).toEqual(['JANE DOE', 'JANE ROE']);
  });
  it('builds names from separate columns, with aliases hidden in a column', () => {
    const names = normalizePersonParts('JOHN', 'AKA JOHNNY', 'SMITH-JONES JR', 'SMITH-JONES JR, JOHN');
    expect(names.map((n) => n.key)).toEqual(['JOHN SMITH JONES', 'JOHNNY SMITH JONES']);
    expect(names[0].roles).toEqual(['given', 'surname', 'surname']);
  });
});
