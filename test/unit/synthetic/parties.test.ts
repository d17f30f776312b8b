import { createRng, generateOrganizations, generatePersons, isValidNpi, npiWithCheckDigit } from '../../../infra/dev/synthetic/parties';

describe('npiWithCheckDigit', () => {
  it('matches the documented Luhn-with-80840 examples', () => {
    expect(npiWithCheckDigit('100000001')).toBe('1000000012');
    expect(npiWithCheckDigit('155566677')).toBe('1555666779');
    expect(npiWithCheckDigit('197290235')).toBe('1972902351');
    expect(npiWithCheckDigit('113428695')).toBe('1134286958');
  });

  it('rejects the LEIE placeholder and a wrong check digit', () => {
    expect(isValidNpi('0000000000')).toBe(false);
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('1234567893')).toBe(true);
  });
});

describe('createRng', () => {
  it('repeats for one seed and differs across seeds', () => {
    const draw = (seed: number): number[] => {
      const rng = createRng(seed);
      return Array.from({ length: 20 }, () => rng.int(1000));
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });
});

describe('generatePersons', () => {
  const persons = generatePersons(createRng(11), 6000);

  it('is deterministic per seed', () => {
    expect(generatePersons(createRng(11), 50)).toEqual(persons.slice(0, 50));
    expect(generatePersons(createRng(12), 50)).not.toEqual(persons.slice(0, 50));
  });

  it('draws frequency-weighted names: many namesakes on common first names, a long tail overall', () => {
    const firstNames = new Map<string, number>();
    for (const person of persons) firstNames.set(person.firstName, (firstNames.get(person.firstName) ?? 0) + 1);
    expect(firstNames.get('MARY') ?? 0).toBeGreaterThan(60);
    expect(firstNames.get('JOHN') ?? 0).toBeGreaterThan(25);
    expect(firstNames.size).toBeGreaterThan(900);
    expect(new Set(persons.map((person) => person.lastName)).size).toBeGreaterThan(2500);
  });

  it('has compound surnames, diacritics, suffixes, credentials and aliases in realistic shares', () => {
    const share = (test: (person: (typeof persons)[number]) => boolean): number => persons.filter(test).length / persons.length;
    expect(share((person) => /[- ]/.test(person.lastName))).toBeGreaterThan(0.03);
    expect(share((person) => /[- ]/.test(person.lastName))).toBeLessThan(0.08);
    expect(share((person) => /[^ -~]/.test(person.firstName + person.lastName))).toBeGreaterThan(0.002);
    expect(share((person) => /[^ -~]/.test(person.firstName + person.lastName))).toBeLessThan(0.05);
    expect(persons.some((person) => person.suffix === 'JR')).toBe(true);
    expect(persons.some((person) => person.suffix === 'III')).toBe(true);
    for (const credential of ['RN', 'CNA', 'LPN']) expect(persons.some((person) => person.credential === credential)).toBe(true);
    expect(share((person) => person.aliases.length > 0)).toBeGreaterThan(0.08);
    expect(persons.every((person) => /^\d{4}-\d{2}-\d{2}$/.test(person.dateOfBirth))).toBe(true);
  });

  it('gives valid, unique NPIs to a minority, as on the LEIE', () => {
    const npis = persons.map((person) => person.npi).filter((npi): npi is string => npi !== null);
    expect(npis.length / persons.length).toBeGreaterThan(0.1);
    expect(npis.length / persons.length).toBeLessThan(0.5);
    expect(npis.every(isValidNpi)).toBe(true);
    expect(new Set(npis).size).toBe(npis.length);
  });
});

describe('generateOrganizations', () => {
  const organizations = generateOrganizations(createRng(5), 3000);

  it('writes legal forms, DBA names, owners and leading digits or symbols', () => {
    const legalForm = /(,? )(INC\.?|LLC|L\.L\.C\.|PLLC|PC|P\.C\.|PA|CORP|CORPORATION|CO|LTD|LP|LLP)$/;
    expect(organizations.filter((organization) => legalForm.test(organization.legalName)).length / organizations.length).toBeGreaterThan(
      0.8,
    );
    expect(organizations.some((organization) => organization.legalName.includes(', '))).toBe(true);
    expect(organizations.some((organization) => /^[#\d]/.test(organization.legalName))).toBe(true);
    expect(organizations.some((organization) => organization.dbaNames.length > 0)).toBe(true);
    expect(organizations.some((organization) => organization.ownerName !== null)).toBe(true);
    const npis = organizations.map((organization) => organization.npi).filter((npi): npi is string => npi !== null);
    expect(npis.every(isValidNpi)).toBe(true);
    expect(new Set(npis).size).toBe(npis.length);
  });
});
