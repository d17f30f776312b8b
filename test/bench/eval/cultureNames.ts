import type { Rng, SyntheticPerson } from '../../../infra/dev/synthetic/parties';

/**
 * Listed persons whose names follow naming customs common in the US healthcare workforce that
 * the census-based generator does not produce: Spanish double surnames (paternal + maternal,
 * with particles), Portuguese order (maternal + paternal), Vietnamese names (surname first at
 * home, a sex-marking middle name THỊ / VĂN), Korean and Chinese two-syllable given names,
 * Filipino names (the mother's maiden surname as middle name, DELA CRUZ surnames) and Indian
 * names (compound given names, surnames also written first or as an initial). Each is built
 * from the parts below, with how a list would write it chosen at random; the query classes
 * read the parts (`NameRoots`), never the matcher.
 *
 * The parts are common names of each custom, written the way US records write them, with
 * their accents (state lists keep them; federal lists fold them).
 */
export type Culture = 'spanish' | 'portuguese' | 'vietnamese' | 'korean' | 'chinese' | 'filipino' | 'indian' | 'compound_middle';

export interface NameRoots {
  culture: Culture;
  /** Given names in written order (a Korean or Chinese given name's syllables; Vietnamese: the marker, then the name). */
  given: string[];
  /** Surname parts in written order: Spanish [paternal, maternal], Portuguese [maternal, paternal]; one part otherwise. */
  surnames: string[];
  /** A Filipino's middle name: the mother's maiden surname. */
  motherSurname: string | null;
}

export interface CulturalPerson {
  person: SyntheticPerson;
  roots: NameRoots;
}

const SPANISH_GIVEN = [
  'Francisco',
  'José',
  'Guadalupe',
  'Jesús',
  'Ignacio',
  'Guillermo',
  'Eduardo',
  'Consuelo',
  'Concepción',
  'Alfonso',
  'Salvador',
  'Enrique',
  'Rosario',
  'Dolores',
  'Mercedes',
  'Manuel',
  'Isabel',
  'Graciela',
  'Gregorio',
  'Luis',
  'Alberto',
  'Roberto',
  'Fernando',
  'Teresa',
  'María',
  'Juan',
  'Carmen',
  'Rafael',
  'Santiago',
  'Joaquín',
];
const SPANISH_SURNAMES = [
  'García',
  'Rodríguez',
  'Martínez',
  'Hernández',
  'López',
  'González',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Torres',
  'Flores',
  'Rivera',
  'Gómez',
  'Díaz',
  'Morales',
  'Ortiz',
  'Gutiérrez',
  'Chávez',
  'Ramos',
  'Ruiz',
  'Vargas',
  'Castillo',
  'Jiménez',
  'Moreno',
  'Romero',
  'Herrera',
  'Medina',
  'Aguilar',
  'Farías',
  'Nieves',
  'Berzunza',
  'Lara',
  'Salazar',
  'Cervantes',
  'Zamora',
  'Villalobos',
];
/** Surnames written with particles (DE LA CRUZ), as Spanish and Filipino names carry them. */
const PARTICLE_SURNAMES = [
  'de la Cruz',
  'del Río',
  'de León',
  'de los Santos',
  'de Jesús',
  'de la Rosa',
  'del Valle',
  'de la Torre',
  'de las Casas',
  'de la Fuente',
];
const PORTUGUESE_GIVEN = [
  'João',
  'Maria',
  'José',
  'Ana',
  'Antônio',
  'Francisca',
  'Paulo',
  'Carlos',
  'Luíza',
  'Marcos',
  'Fernanda',
  'Rafael',
  'Juliana',
  'Pedro',
  'Gabriela',
];
const PORTUGUESE_SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Pereira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Lima',
  'Araújo',
  'Fernandes',
  'Carvalho',
  'Gomes',
  'Martins',
  'Rocha',
  'Ribeiro',
  'Barbosa',
  'Cardoso',
  'Teixeira',
];
/** Portuguese particles: "da Silva", "dos Santos". */
const PORTUGUESE_PARTICLE = { Silva: 'da', Santos: 'dos', Costa: 'da', Rocha: 'da', Conceição: 'da' } as Readonly<Record<string, string>>;
const VIETNAMESE_SURNAMES = [
  'Nguyễn',
  'Trần',
  'Lê',
  'Phạm',
  'Hoàng',
  'Huỳnh',
  'Phan',
  'Vũ',
  'Võ',
  'Đặng',
  'Bùi',
  'Đỗ',
  'Hồ',
  'Ngô',
  'Dương',
  'Lý',
];
const VIETNAMESE_FEMALE = ['Hương', 'Lan', 'Mai', 'Hoa', 'Thu', 'Linh', 'Trang', 'Hằng', 'Phương', 'Nhung', 'Thảo', 'Loan'];
const VIETNAMESE_MALE = ['Minh', 'Hùng', 'Dũng', 'Tuấn', 'Nam', 'Long', 'Hải', 'Quang', 'Sơn', 'Thắng', 'Phúc', 'Khoa'];
const KOREAN_SURNAMES = ['Kim', 'Lee', 'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon', 'Jang', 'Lim', 'Han', 'Shin', 'Kwon', 'Hwang', 'Ahn'];
const KOREAN_GIVEN = [
  ['Seo', 'Yeon'],
  ['Ji', 'Woo'],
  ['Min', 'Jun'],
  ['Ha', 'Eun'],
  ['Su', 'Bin'],
  ['Ji', 'Hoon'],
  ['Ye', 'Jin'],
  ['Dong', 'Hyun'],
  ['Hye', 'Jin'],
  ['Eun', 'Ji'],
  ['Sung', 'Min'],
  ['Young', 'Ho'],
  ['Jae', 'Won'],
  ['Mi', 'Rae'],
];
const CHINESE_SURNAMES = [
  'Wang',
  'Li',
  'Zhang',
  'Liu',
  'Chen',
  'Yang',
  'Huang',
  'Zhao',
  'Wu',
  'Zhou',
  'Xu',
  'Sun',
  'Zhu',
  'Hu',
  'Guo',
  'Lin',
];
const CHINESE_GIVEN = [
  ['Xiao', 'Ming'],
  ['Li', 'Na'],
  ['Jian', 'Guo'],
  ['Wei', 'Min'],
  ['Yu', 'Ting'],
  ['Mei', 'Ling'],
  ['Jia', 'Hui'],
  ['Zhi', 'Wei'],
  ['Xin', 'Yi'],
  ['Hao', 'Ran'],
  ['Shu', 'Fen'],
  ['Jun', 'Jie'],
];
const FILIPINO_GIVEN = [
  ['Maria', 'Cristina'],
  ['John', 'Paul'],
  ['Mark', 'Anthony'],
  ['Ana', 'Marie'],
  ['Juan', 'Carlos'],
  ['Maria', 'Luisa'],
  ['Jose', 'Rizal'],
  ['Rose', 'Ann'],
  ['Mary', 'Grace'],
  ['Jay', 'Ar'],
];
const FILIPINO_SURNAMES = [
  'Dela Cruz',
  'Santos',
  'Reyes',
  'Bautista',
  'Del Rosario',
  'Gonzales',
  'Mendoza',
  'Aquino',
  'Villanueva',
  'Castillo',
  'Ramos',
  'Garcia',
  'De Guzman',
  'Manalo',
  'Pascual',
  'Navarro',
];
const FILIPINO_MOTHER = [
  'Santos',
  'Reyes',
  'Cruz',
  'Bautista',
  'Mendoza',
  'Ocampo',
  'Tolentino',
  'Soriano',
  'Aquino',
  'Ramos',
  'Castro',
  'Lopez',
];
const INDIAN_GIVEN = [
  ['Venkata', 'Sai'],
  ['Sai', 'Krishna'],
  ['Rajesh'],
  ['Priya'],
  ['Lakshmi'],
  ['Srinivas'],
  ['Anil', 'Kumar'],
  ['Sunita'],
  ['Ravi', 'Shankar'],
  ['Deepa'],
  ['Arun'],
  ['Kavitha'],
  ['Sri', 'Lakshmi'],
  ['Naga', 'Raju'],
];
const INDIAN_SURNAMES = [
  'Reddy',
  'Patel',
  'Shah',
  'Kumar',
  'Singh',
  'Sharma',
  'Rao',
  'Iyer',
  'Nair',
  'Gupta',
  'Mehta',
  'Desai',
  'Pillai',
  'Krishnan',
  'Venkatesan',
  'Subramanian',
];

const PROVIDER_TYPES = ['Registered Nurse', 'Home Health Aide', 'Nurse Aide', 'Physician', 'Pharmacist', 'Licensed Practical Nurse'];

function otherThan(rng: Rng, pool: readonly string[], not: string): string {
  for (let attempt = 0; attempt < 8; attempt++) {
    const pick = rng.pick(pool);
    if (pick !== not) return pick;
  }
  return pool.find((name) => name !== not) ?? not;
}

function withParticle(surname: string): string {
  const particle = PORTUGUESE_PARTICLE[surname];
  return particle ? `${particle} ${surname}` : surname;
}

/** The written list fields of one person, and the parts they came from. */
interface Written {
  first: string;
  middle: string | null;
  last: string;
  roots: NameRoots;
}

function spanish(rng: Rng): Written {
  const given = [rng.pick(SPANISH_GIVEN)];
  const paternal = rng.chance(0.2) ? rng.pick(PARTICLE_SURNAMES) : rng.pick(SPANISH_SURNAMES);
  const maternal = rng.chance(0.2) ? rng.pick(PARTICLE_SURNAMES) : otherThan(rng, SPANISH_SURNAMES, paternal);
  const roots: NameRoots = { culture: 'spanish', given, surnames: [paternal, maternal], motherSurname: null };
  const layout = rng.int(6);
  if (layout === 4) return { first: given[0], middle: paternal, last: maternal, roots }; // the first surname in the middle-name box
  if (layout === 5) return { first: given[0], middle: null, last: paternal, roots }; // the paternal surname only, as federal lists often keep it
  const joiner = [' ', '-', ' y ', ' '][layout];
  return { first: given[0], middle: null, last: `${paternal}${joiner}${maternal}`, roots };
}

function portuguese(rng: Rng): Written {
  const given = [rng.pick(PORTUGUESE_GIVEN)];
  const paternal = rng.pick(PORTUGUESE_SURNAMES);
  const maternal = otherThan(rng, PORTUGUESE_SURNAMES, paternal);
  const roots: NameRoots = { culture: 'portuguese', given, surnames: [maternal, paternal], motherSurname: null };
  const last = withParticle(paternal);
  if (rng.chance(0.4)) return { first: given[0], middle: maternal, last, roots }; // the maternal surname in the middle-name box
  return { first: given[0], middle: null, last: `${withParticle(maternal)} ${last}`, roots };
}

function vietnamese(rng: Rng): Written {
  const female = rng.chance(0.5);
  const given = [female ? 'Thị' : 'Văn', rng.pick(female ? VIETNAMESE_FEMALE : VIETNAMESE_MALE)];
  const surname = rng.pick(VIETNAMESE_SURNAMES);
  const roots: NameRoots = { culture: 'vietnamese', given, surnames: [surname], motherSurname: null };
  const layout = rng.int(3);
  if (layout === 0) return { first: given.join(' '), middle: null, last: surname, roots };
  if (layout === 1) return { first: given[1], middle: given[0], last: surname, roots };
  return { first: given[0], middle: given[1], last: surname, roots };
}

function eastAsian(rng: Rng, culture: 'korean' | 'chinese'): Written {
  const given = [...rng.pick(culture === 'korean' ? KOREAN_GIVEN : CHINESE_GIVEN)];
  const surname = rng.pick(culture === 'korean' ? KOREAN_SURNAMES : CHINESE_SURNAMES);
  const roots: NameRoots = { culture, given, surnames: [surname], motherSurname: null };
  const layout = rng.int(4);
  if (layout === 3) return { first: given[0], middle: given[1], last: surname, roots };
  return { first: given.join(['', '-', ' '][layout]), middle: null, last: surname, roots };
}

function filipino(rng: Rng): Written {
  const given = [...rng.pick(FILIPINO_GIVEN)];
  const surname = rng.pick(FILIPINO_SURNAMES);
  const mother = otherThan(rng, FILIPINO_MOTHER, surname);
  return {
    first: given.join(' '),
    middle: mother,
    last: surname,
    roots: { culture: 'filipino', given, surnames: [surname], motherSurname: mother },
  };
}

function indian(rng: Rng): Written {
  const given = [...rng.pick(INDIAN_GIVEN)];
  const surname = rng.pick(INDIAN_SURNAMES);
  const roots: NameRoots = { culture: 'indian', given, surnames: [surname], motherSurname: null };
  if (given.length === 2 && rng.chance(0.5)) return { first: given[0], middle: given[1], last: surname, roots };
  return { first: given.join(' '), middle: null, last: surname, roots };
}

/**
 * A compound surname in one of its written forms (two words, hyphen, Y, a particle part,
 * Portuguese order) with a given middle name in the middle box, whole or as an initial: the list
 * side that let `Sancho Farias` miss `FARIAS-NIEVES, SANCHO ANGELA`. `surnames` holds the two
 * parts in written order.
 */
function compoundWithMiddle(rng: Rng): Written {
  const portugueseOrder = rng.chance(0.25);
  const givenPool = portugueseOrder ? PORTUGUESE_GIVEN : SPANISH_GIVEN;
  const given = [rng.pick(givenPool)];
  const middleName = otherThan(rng, givenPool, given[0]);
  const middle = rng.pick([middleName, middleName, middleName[0], `${middleName[0]}.`]);
  let parts: [string, string];
  let last: string;
  if (portugueseOrder) {
    const paternal = rng.pick(PORTUGUESE_SURNAMES);
    const maternal = otherThan(rng, PORTUGUESE_SURNAMES, paternal);
    parts = [maternal, paternal];
    last = rng.chance(0.5) ? `${withParticle(maternal)} ${withParticle(paternal)}` : `${maternal}-${paternal}`;
  } else {
    const paternal = rng.chance(0.3) ? rng.pick(PARTICLE_SURNAMES) : rng.pick(SPANISH_SURNAMES);
    const maternal = otherThan(rng, SPANISH_SURNAMES, paternal);
    parts = [paternal, maternal];
    last = `${paternal}${rng.pick([' ', '-', ' y '])}${maternal}`;
  }
  return { first: given[0], middle, last, roots: { culture: 'compound_middle', given, surnames: parts, motherSurname: null } };
}

const WRITERS: Readonly<Record<Culture, (rng: Rng) => Written>> = {
  spanish,
  portuguese,
  vietnamese,
  filipino,
  indian,
  compound_middle: compoundWithMiddle,
  korean: (rng) => eastAsian(rng, 'korean'),
  chinese: (rng) => eastAsian(rng, 'chinese'),
};

/** How many listed persons of each custom the evaluation list carries (Spanish names count double: two classes read them). */
export const CULTURE_SHARE: Readonly<Record<Culture, number>> = {
  spanish: 1200,
  portuguese: 500,
  vietnamese: 500,
  korean: 300,
  chinese: 300,
  filipino: 500,
  indian: 500,
  compound_middle: 600,
};
/** The custom whose persons serve only the compound_listed_middle class (appended last, so the others are drawn as before). */
export const LISTED_MIDDLE_CULTURE: Culture = 'compound_middle';

export function generateCulturalPersons(rng: Rng): CulturalPerson[] {
  const out: CulturalPerson[] = [];
  for (const culture of Object.keys(CULTURE_SHARE) as Culture[]) {
    for (let i = 0; i < CULTURE_SHARE[culture]; i++) {
      const written = WRITERS[culture](rng);
      const year = 1950 + rng.int(50);
      const person: SyntheticPerson = {
        kind: 'person',
        firstName: written.first,
        middleName: written.middle,
        lastName: written.last,
        suffix: null,
        credential: null,
        dateOfBirth: `${year}-0${1 + rng.int(9)}-1${rng.int(10)}`,
        state: rng.pick(['CA', 'TX', 'FL', 'NY', 'IL', 'NJ', 'WA']),
        npi: null,
        providerType: rng.pick(PROVIDER_TYPES),
        aliases: [],
      };
      out.push({ person, roots: written.roots });
    }
  }
  return out;
}
