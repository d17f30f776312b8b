/**
 * Legal-form tokens of organization names. After punctuation removal "L.L.C." is "LLC" and
 * "P.C." is "PC"; spaced forms ("L L C") are rejoined by joinInitials first.
 */
const LEGAL_FORMS: ReadonlySet<string> = new Set([
  'INC',
  'INCORPORATED',
  'LLC',
  'PLLC',
  'LLLP',
  'PC',
  'PA',
  'CORP',
  'CORPORATION',
  'CO',
  'COMPANY',
  'LTD',
  'LIMITED',
  'LP',
  'LLP',
  'PLC',
  'PSC',
  'SC',
  'APC',
  'APMC',
  'PLLP',
  'CHTD',
  'CHARTERED',
  'PROFESSIONAL CORPORATION',
]);

/** Removes legal forms anywhere after the first token (a name can't be only "CO"). */
export function removeLegalForms(tokens: string[]): string[] {
  const out = tokens.filter((t, i) => i === 0 || !LEGAL_FORMS.has(t));
  return out.length > 0 ? out : tokens;
}

/** "A B C HOME CARE" -> "ABC HOME CARE"; "L L C" -> "LLC": runs of single letters are one initialism. */
export function joinInitials(tokens: string[]): string[] {
  const out: string[] = [];
  let run = '';
  for (const t of tokens) {
    if (t.length === 1 && /[A-Z]/.test(t)) {
      run += t;
      continue;
    }
    if (run) out.push(run);
    run = '';
    out.push(t);
  }
  if (run) out.push(run);
  return out;
}
