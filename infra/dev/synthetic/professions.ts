/**
 * Provider types with the LEIE GENERAL/SPECIALTY wording (data-sources.md §1.3), a NUCC taxonomy,
 * the usual credential, the share holding an NPI, and a relative weight reflecting LEIE's mix
 * (aides and nurses dominate).
 */
export interface Profession {
  providerType: string;
  credentials: readonly string[];
  leieGeneral: string;
  leieSpecialty: string;
  taxonomy: string;
  npiShare: number;
  weight: number;
}

export const PROFESSIONS: readonly Profession[] = [
  {
    providerType: 'Nurse Aide',
    credentials: ['CNA'],
    leieGeneral: 'NURSING PROFESSION',
    leieSpecialty: 'NURSE/NURSES AIDE',
    taxonomy: '3747P1801X',
    npiShare: 0.06,
    weight: 24,
  },
  {
    providerType: 'Home Health Aide',
    credentials: ['HHA'],
    leieGeneral: 'IND- LIC HC SERV PRO',
    leieSpecialty: 'HEALTH CARE AIDE',
    taxonomy: '3747A0650X',
    npiShare: 0.04,
    weight: 9,
  },
  {
    providerType: 'Personal Care Aide',
    credentials: [],
    leieGeneral: 'INDIVIDUAL (UNAFFILI',
    leieSpecialty: 'PERSONAL CARE PROVID',
    taxonomy: '3747P1801X',
    npiShare: 0.03,
    weight: 9,
  },
  {
    providerType: 'Registered Nurse',
    credentials: ['RN', 'R.N.', 'BSN, RN'],
    leieGeneral: 'NURSING PROFESSION',
    leieSpecialty: 'NURSE/NURSES AIDE',
    taxonomy: '163W00000X',
    npiShare: 0.25,
    weight: 13,
  },
  {
    providerType: 'Licensed Practical Nurse',
    credentials: ['LPN', 'L.P.N.', 'LVN'],
    leieGeneral: 'NURSING PROFESSION',
    leieSpecialty: 'NURSE/NURSES AIDE',
    taxonomy: '164W00000X',
    npiShare: 0.15,
    weight: 10,
  },
  {
    providerType: 'Nurse Practitioner',
    credentials: ['NP', 'APRN', 'FNP-C'],
    leieGeneral: 'IND- LIC HC SERV PRO',
    leieSpecialty: 'NURSE PRACTITIONER',
    taxonomy: '363LF0000X',
    npiShare: 0.9,
    weight: 3,
  },
  {
    providerType: 'Physician',
    credentials: ['MD', 'M.D.'],
    leieGeneral: 'MEDICAL PRACTICE, MD',
    leieSpecialty: 'FAMILY PRACTICE',
    taxonomy: '207Q00000X',
    npiShare: 0.95,
    weight: 4,
  },
  {
    providerType: 'Internist',
    credentials: ['MD', 'M.D.'],
    leieGeneral: 'MEDICAL PRACTICE, MD',
    leieSpecialty: 'INTERNAL MEDICINE',
    taxonomy: '207R00000X',
    npiShare: 0.95,
    weight: 2,
  },
  {
    providerType: 'Osteopathic Physician',
    credentials: ['DO', 'D.O.'],
    leieGeneral: 'MEDICAL PRACTICE, DO',
    leieSpecialty: 'GENERAL PRACTICE',
    taxonomy: '208D00000X',
    npiShare: 0.95,
    weight: 1,
  },
  {
    providerType: 'Physician Assistant',
    credentials: ['PA-C', 'PA'],
    leieGeneral: 'IND- LIC HC SERV PRO',
    leieSpecialty: 'PHYSICIAN ASSISTANT',
    taxonomy: '363A00000X',
    npiShare: 0.9,
    weight: 1.5,
  },
  {
    providerType: 'Dentist',
    credentials: ['DDS', 'DMD', 'D.D.S.'],
    leieGeneral: 'DENTAL PRACTICE',
    leieSpecialty: 'DENTIST',
    taxonomy: '1223G0001X',
    npiShare: 0.9,
    weight: 1.5,
  },
  {
    providerType: 'Pharmacist',
    credentials: ['PharmD', 'RPh', 'Pharm.D.'],
    leieGeneral: 'PHARMACY',
    leieSpecialty: 'PHARMACIST',
    taxonomy: '183500000X',
    npiShare: 0.8,
    weight: 3,
  },
  {
    providerType: 'Pharmacy Technician',
    credentials: ['CPhT'],
    leieGeneral: 'PHARMACY',
    leieSpecialty: 'PHARMACY',
    taxonomy: '3747P1801X',
    npiShare: 0.03,
    weight: 2,
  },
  {
    providerType: 'Chiropractor',
    credentials: ['DC', 'D.C.'],
    leieGeneral: 'IND- LIC HC SERV PRO',
    leieSpecialty: 'CHIROPRACTIC',
    taxonomy: '111N00000X',
    npiShare: 0.85,
    weight: 1.5,
  },
  {
    providerType: 'Psychologist',
    credentials: ['PhD', 'PsyD', 'Psy.D.'],
    leieGeneral: 'IND- LIC HC SERV PRO',
    leieSpecialty: 'PSYCHOLOGIST',
    taxonomy: '103T00000X',
    npiShare: 0.8,
    weight: 1,
  },
  {
    providerType: 'Social Worker',
    credentials: ['LCSW', 'LMSW'],
    leieGeneral: 'IND- LIC HC SERV PRO',
    leieSpecialty: 'SOCIAL WORKER',
    taxonomy: '1041C0700X',
    npiShare: 0.6,
    weight: 1.5,
  },
  {
    providerType: 'Counselor',
    credentials: ['LPC', 'LMHC', 'LADC'],
    leieGeneral: 'IND- LIC HC SERV PRO',
    leieSpecialty: 'COUNSELOR',
    taxonomy: '101YP2500X',
    npiShare: 0.5,
    weight: 2,
  },
  {
    providerType: 'Physical Therapist',
    credentials: ['PT', 'DPT'],
    leieGeneral: 'IND- LIC HC SERV PRO',
    leieSpecialty: 'PHYSICAL THERAPY',
    taxonomy: '225100000X',
    npiShare: 0.8,
    weight: 1,
  },
  {
    providerType: 'Podiatrist',
    credentials: ['DPM'],
    leieGeneral: 'MEDICAL PRACTICE, MD',
    leieSpecialty: 'PODIATRY',
    taxonomy: '213E00000X',
    npiShare: 0.9,
    weight: 0.5,
  },
  {
    providerType: 'Optometrist',
    credentials: ['OD', 'O.D.'],
    leieGeneral: 'IND- LIC HC SERV PRO',
    leieSpecialty: 'OPTOMETRY',
    taxonomy: '152W00000X',
    npiShare: 0.9,
    weight: 0.5,
  },
  {
    providerType: 'Emergency Medical Technician',
    credentials: ['EMT', 'EMT-P'],
    leieGeneral: 'IND- LIC HC SERV PRO',
    leieSpecialty: 'AMBULANCE SERVICE',
    taxonomy: '146L00000X',
    npiShare: 0.1,
    weight: 1,
  },
  {
    providerType: 'Business Owner',
    credentials: [],
    leieGeneral: 'OTHER BUSINESS',
    leieSpecialty: 'OWNER/OPERATOR',
    taxonomy: '332B00000X',
    npiShare: 0.02,
    weight: 5,
  },
  {
    providerType: 'Unaffiliated Individual',
    credentials: [],
    leieGeneral: 'INDIVIDUAL (UNAFFILI',
    leieSpecialty: 'NO KNOWN AFFILIATION',
    taxonomy: '171100000X',
    npiShare: 0.01,
    weight: 7,
  },
];

const byType = new Map(PROFESSIONS.map((profession) => [profession.providerType, profession]));

export function professionOf(providerType: string): Profession {
  const profession = byType.get(providerType);
  if (!profession) throw new Error(`unknown provider type ${providerType}`);
  return profession;
}
