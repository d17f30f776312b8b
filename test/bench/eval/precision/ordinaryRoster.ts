import type { Rng } from '../../../../infra/dev/synthetic/parties';
import { loadNameData } from '../../../../infra/dev/synthetic/nameData';

/**
 * Ordinary people, as a hospital roster holds them: first and last names (a middle name or a
 * second surname now and then) drawn from common given-name and surname vocabularies of the
 * cultures of the US healthcare workforce. The US part draws from the census frequency tables,
 * so common names come up as often as they do on a real roster; the others from the short
 * vocabularies below (common names of each custom, as US records write them).
 */
interface Vocabulary {
  culture: string;
  share: number;
  given: readonly string[];
  surnames: readonly string[];
  /** Chance of a second surname (paternal + maternal), for customs that carry one. */
  secondSurname?: number;
}

const MEXICAN: Vocabulary = {
  culture: 'mexican', share: 0.2, secondSurname: 0.35,
  given: ['José', 'Juan', 'Luis', 'Carlos', 'Jorge', 'Miguel', 'Alejandro', 'Ricardo', 'Sergio', 'Arturo', 'Javier', 'Raúl', 'Héctor', 'Armando',
    'Ramón', 'Rubén', 'Adrián', 'Óscar', 'Ivan', 'Gerardo', 'María', 'Guadalupe', 'Verónica', 'Alejandra', 'Leticia', 'Gabriela', 'Patricia',
    'Araceli', 'Yolanda', 'Rocío', 'Claudia', 'Adriana', 'Elizabeth', 'Lorena', 'Xóchitl', 'Itzel', 'Ximena', 'Citlali', 'Yesenia', 'Marisol'],
  surnames: ['Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez', 'Cruz', 'Flores', 'Gómez',
    'Morales', 'Vázquez', 'Reyes', 'Jiménez', 'Torres', 'Díaz', 'Gutiérrez', 'Ruiz', 'Mendoza', 'Aguilar', 'Ortiz', 'Moreno', 'Castillo',
    'Romero', 'Álvarez', 'Méndez', 'Chávez', 'Rivera', 'Juárez', 'Ramos', 'Domínguez', 'Herrera', 'Medina', 'Castro', 'Vargas', 'Guzmán',
    'Velázquez', 'Muñoz', 'Rojas', 'Contreras', 'Salazar', 'Luna', 'Ortega', 'Guerrero', 'Estrada', 'Bautista', 'Yebra', 'Gonzales', 'Zúñiga'],
};

const GERMAN: Vocabulary = {
  culture: 'german', share: 0.12,
  given: ['Hans', 'Jürgen', 'Klaus', 'Wolfgang', 'Dieter', 'Uwe', 'Stefan', 'Andreas', 'Matthias', 'Thomas', 'Frank', 'Markus', 'Jörg',
    'Günter', 'Horst', 'Lukas', 'Jonas', 'Felix', 'Tobias', 'Florian', 'Sigrid', 'Ursula', 'Helga', 'Gisela', 'Monika', 'Petra', 'Sabine',
    'Birgit', 'Karin', 'Renate', 'Heike', 'Anja', 'Katrin', 'Silke', 'Ingrid', 'Brigitte', 'Annika', 'Lena', 'Hannah', 'Franziska'],
  surnames: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Schäfer', 'Koch',
    'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange',
    'Schmitt', 'Werner', 'Schmitz', 'Krause', 'Meier', 'Lehmann', 'Schmid', 'Schulze', 'Maier', 'Köhler', 'Herrmann', 'König', 'Walter',
    'Mayer', 'Huber', 'Kaiser', 'Fuchs', 'Peters', 'Lang', 'Scholz', 'Möller', 'Weiß', 'Jung', 'Hahn', 'Vogel'],
};

const WEST_AFRICAN: Vocabulary = {
  culture: 'west_african', share: 0.06,
  given: ['Chinedu', 'Emeka', 'Oluwaseun', 'Babajide', 'Kwame', 'Kofi', 'Adebayo', 'Obinna', 'Tunde', 'Ifeanyi', 'Ngozi', 'Chiamaka',
    'Adaeze', 'Funmilayo', 'Abena', 'Akosua', 'Folasade', 'Nneka', 'Yetunde', 'Amara'],
  surnames: ['Okafor', 'Okonkwo', 'Adeyemi', 'Mensah', 'Owusu', 'Boateng', 'Nwosu', 'Eze', 'Afolabi', 'Ogunleye', 'Asante', 'Osei',
    'Chukwu', 'Obi', 'Adebayo', 'Oyelaran', 'Nnamdi', 'Acheampong', 'Ibekwe', 'Danso'],
};

const SOUTH_ASIAN: Vocabulary = {
  culture: 'south_asian', share: 0.07,
  given: ['Rahul', 'Amit', 'Vikram', 'Sanjay', 'Arjun', 'Rohan', 'Karthik', 'Suresh', 'Manoj', 'Nikhil', 'Anjali', 'Pooja', 'Neha',
    'Divya', 'Meera', 'Shalini', 'Aishwarya', 'Swati', 'Ritu', 'Anusha'],
  surnames: ['Patel', 'Shah', 'Sharma', 'Singh', 'Kumar', 'Gupta', 'Reddy', 'Rao', 'Iyer', 'Nair', 'Mehta', 'Desai', 'Joshi', 'Chopra',
    'Malhotra', 'Banerjee', 'Chatterjee', 'Bhatt', 'Kapoor', 'Menon'],
};

const EAST_ASIAN: Vocabulary = {
  culture: 'east_asian', share: 0.07,
  given: ['Wei', 'Jun', 'Hao', 'Lei', 'Ming', 'Yan', 'Mei', 'Xiu', 'Ling', 'Jing', 'Minh', 'Tuan', 'Huong', 'Thao', 'Linh', 'Jisoo', 'Minjun',
    'Seoyeon', 'Hyun', 'Eunji'],
  surnames: ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Wu', 'Zhou', 'Nguyen', 'Tran', 'Pham', 'Le', 'Vo', 'Kim',
    'Park', 'Choi', 'Jung', 'Kang'],
};

const FILIPINO: Vocabulary = {
  culture: 'filipino', share: 0.06,
  given: ['Mark', 'John', 'Jerome', 'Rommel', 'Arnel', 'Rodel', 'Jayson', 'Joel', 'Ronaldo', 'Rey', 'Maricel', 'Rowena', 'Jocelyn',
    'Lorna', 'Marites', 'Rosalie', 'Cherry', 'Analyn', 'Jennelyn', 'Divina'],
  surnames: ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Ocampo', 'Garcia', 'Mendoza', 'Torres', 'Tomas', 'Andrada', 'Castillo', 'Flores',
    'Villanueva', 'Ramos', 'Castro', 'Rivera', 'Aquino', 'Navarro', 'Salazar', 'Mercado'],
};

const US_SHARE = 1 - [MEXICAN, GERMAN, WEST_AFRICAN, SOUTH_ASIAN, EAST_ASIAN, FILIPINO].reduce((sum, v) => sum + v.share, 0);

export interface RosterPerson {
  culture: string;
  name: string;
}

function usPerson(rng: Rng): RosterPerson {
  const names = loadNameData();
  const female = rng.chance(0.55);
  const first = (female ? names.femaleFirst : names.maleFirst).pick(rng);
  const middle = rng.chance(0.15) ? (female ? names.femaleFirst : names.maleFirst).pick(rng) : null;
  const last = names.last.pick(rng);
  return { culture: 'us', name: [title(first), middle ? title(middle) : null, title(last)].filter(Boolean).join(' ') };
}

function vocabularyPerson(rng: Rng, vocabulary: Vocabulary): RosterPerson {
  const first = rng.pick(vocabulary.given);
  const last = rng.pick(vocabulary.surnames);
  let second: string | null = null;
  if (vocabulary.secondSurname && rng.chance(vocabulary.secondSurname)) {
    second = rng.pick(vocabulary.surnames);
    if (second === last) second = null;
  }
  return { culture: vocabulary.culture, name: [first, last, second].filter(Boolean).join(' ') };
}

function title(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** Draws one ordinary person; the caller keeps those the list check lets through. */
export function drawRosterPerson(rng: Rng): RosterPerson {
  let roll = rng.next() - US_SHARE;
  if (roll < 0) return usPerson(rng);
  for (const vocabulary of [MEXICAN, GERMAN, WEST_AFRICAN, SOUTH_ASIAN, EAST_ASIAN, FILIPINO]) {
    roll -= vocabulary.share;
    if (roll < 0) return vocabularyPerson(rng, vocabulary);
  }
  return usPerson(rng);
}
