/**
 * Splits one written name into the several names it carries: AKA/FKA/NKA, DBA (also glued,
 * "d/b/aMontessori"), "(aka ...)", and names stacked with semicolons or newlines. Works on
 * folded (uppercase) text so every marker spelling is caught by one pattern.
 */
const SLASHED = String.raw`(?:D\s*/\s*B\s*/\s*A|A\s*/\s*K\s*/\s*A|F\s*/\s*K\s*/\s*A|N\s*/\s*K\s*/\s*A|T\s*/\s*A)`;
const DOTTED = String.raw`(?:D\.\s*B\.\s*A\.?|A\.\s*K\.\s*A\.?|F\.\s*K\.\s*A\.?|N\.\s*K\.\s*A\.?)`;
const WORDS = String.raw`(?:DBA|AKA|FKA|NKA|ALSO\s+KNOWN\s+AS|FORMERLY\s+KNOWN\s+AS|NOW\s+KNOWN\s+AS|DOING\s+BUSINESS\s+AS|TRADING\s+AS|FORMERLY|ALIAS)`;
// Slashed and dotted markers may be glued to the next word; plain words need a boundary.
const MARKER_RE = new RegExp(String.raw`(?:^|(?<=[\s,;(\[]))(?:${SLASHED}|${DOTTED}|${WORDS}(?=$|[\s,.:;)\]]))[\s:.,]*`, 'g');

const LEADING_MARKER_RE = new RegExp(String.raw`^[\s(]*(?:${SLASHED}|${DOTTED}|${WORDS}(?=$|[\s,.:;)\]]))`);

/** "AKA JOHNNY" in a middle-name column: the whole cell is an alias, not a middle name. */
export function startsWithAliasMarker(folded: string): boolean {
  return LEADING_MARKER_RE.test(folded);
}

// Cheap test that rules out most names before the full marker pattern runs.
const MAYBE_MARKED = /[/;\n\r|()[\]]|AKA|DBA|FKA|NKA|A\.|B\.|K\.|KNOWN|BUSINESS|TRADING|FORMERLY|ALIAS/;

/** One name piece with its whitespace collapsed and stray leading/trailing punctuation cut. */
function trimPiece(piece: string): string {
  return piece.replace(/\s+/g, ' ').replace(/^[\s,.-]+|[\s,-]+$/g, '');
}

const hasNameCharacter = (piece: string): boolean => /[A-Z0-9]/.test(piece);

export function splitAliases(folded: string): string[] {
  const pieces = MAYBE_MARKED.test(folded)
    ? folded
        .replace(/[()[\]]/g, ';')
        .replace(MARKER_RE, ';')
        .split(/[;\n\r|]+/)
    : [folded];
  return pieces.map(trimPiece).filter(hasNameCharacter);
}
