import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { BLOCKING_KEYS_VERSION } from '../../../matcher/blockingKeys';
import { MATCHING_RULES_VERSION } from '../../../matcher/rulesVersion';

/**
 * The matching rules cannot change without MATCHING_RULES_VERSION, nor the blocking keys without
 * BLOCKING_KEYS_VERSION: monitoring re-screens (rules.ts) or re-keys (rekey.ts) records only when
 * one moves. Rules: every matcher file that decides a result (not NOT_RULES), with the nickname and
 * census pins; keys: those plus blockingKeys.ts. A version is appended, never edited. TypeScript is
 * hashed by its syntax tree, so formatting and comments are no rule change; versions 1 and 3 are
 * text hashes, 2 and 4 the syntax hashes of the same rules (same bench:matcher screenings sha256).
 */
const RULES_HISTORY = [
  { version: 1, fingerprint: '722da75f452a738f4b913f0bc299d86b517f9dcca9ba39f27f1a6061d336cbf0' },
  { version: 2, fingerprint: 'd220f17151227aa15b76e86d9acf2ea2329548a109bcddadc10ad9696fc5edf5' },
  { version: 3, fingerprint: '2410662aa41c20ce9ebf9972f2cd9c2e3425899d04016ba94ae6c7638d44a6ca' },
  { version: 4, fingerprint: '1cb6c845d24d43307333f3cb93e9d95fe4502c9a6805d957d38cdc22354b9304' },
  { version: 5, fingerprint: '57e5b6a9b75a9c871927d7c25ab30750ad21aae2e2a3c0559feefdeea8b3969e' },
];
const KEYS_HISTORY = [
  { version: 3, fingerprint: 'b5a48c740b5df2aa745cbc4370bd9394228f3da609cf7c1ac7751128b9ad9742' },
  { version: 4, fingerprint: 'd1531df65f110b3ba74b1c5e7022ba93316c64f948bed7757341cee6833590d7' },
  { version: 5, fingerprint: 'cf692753691ac39ec646b07b4ff39f58e98339444bc1f608416d837c638b79eb' },
  { version: 6, fingerprint: '07511a2f20ac203488f3724d6490ca8654ab30caad5471943e1a39d4053569de' },
  { version: 7, fingerprint: '802ebe34e45b7bb7c33545383c1aa557be5bc99c0eb6b82a8b32a57281e10304' },
];

const MATCHER = path.resolve(__dirname, '..', '..', '..', 'matcher');
const NOT_RULES = new Set([
  'server.ts',
  'client.ts',
  'client',
  'main.ts',
  'metrics.ts',
  'nodeOptions.ts',
  'boundedCache.ts',
  'blockingKeys.ts',
  'rulesVersion.ts',
  'types.ts',
  'warmUp.ts',
]);
const SOURCE = /\.(ts|csv|json)$/;

function files(dir: string, top: ReadonlySet<string>): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      if (dir === MATCHER && !top.has(name) && NOT_RULES.has(name)) return [];
      if (statSync(full).isDirectory()) return files(full, top);
      return SOURCE.test(name) ? [full] : [];
    });
}

/**
 * The nickname data set and the census name tables are read from outside matcher/ (PyPI
 * `nicknames` and `names`, pinned with the dev tools): their pins are rules too.
 */
function dataSetPins(): string {
  const requirements = readFileSync(path.resolve(MATCHER, '..', 'infra', 'dev', 'requirements.txt'), 'utf8');
  return requirements
    .split(/\r?\n/)
    .filter((line) => /^(nicknames|names)==/.test(line.trim()))
    .join('\n');
}

/** Formatting-insensitive: kinds and values of the tree, without trivia, redundant parentheses or trailing commas. */
function syntaxOf(file: string, text: string): string {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const parts: string[] = [];
  const visit = (node: ts.Node): void => {
    const parent = node.parent as ts.Node | undefined;
    if (
      parent &&
      (ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) &&
      parent.name === node &&
      (ts.isIdentifier(node) || ts.isStringLiteral(node))
    ) {
      parts.push('PropertyName', JSON.stringify(node.text), ')'); // `'a': 1` and `a: 1` are one key
      return;
    }
    if (!ts.isParenthesizedExpression(node)) {
      parts.push(ts.SyntaxKind[node.kind]);
      if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) parts.push(node.text);
      else if (
        ts.isStringLiteralLike(node) ||
        ts.isNumericLiteral(node) ||
        ts.isBigIntLiteral(node) ||
        ts.isRegularExpressionLiteral(node)
      ) {
        parts.push(JSON.stringify(node.text));
      } else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) parts.push(JSON.stringify(node.text));
    }
    ts.forEachChild(node, visit);
    if (!ts.isParenthesizedExpression(node)) parts.push(')');
  };
  visit(source);
  return parts.join(' ');
}

function fingerprint(list: readonly string[]): string {
  const hash = createHash('sha256');
  hash.update(dataSetPins()).update('\0');
  for (const file of list) {
    hash.update(path.relative(MATCHER, file).split(path.sep).join('/')).update('\0');
    const text = readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
    hash.update(file.endsWith('.ts') ? syntaxOf(file, text) : text).update('\0');
  }
  return hash.digest('hex');
}

const ruleFiles = () => files(MATCHER, new Set());
const keyFiles = () => files(MATCHER, new Set(['blockingKeys.ts']));

describe.each([
  { name: 'MATCHING_RULES_VERSION', current: MATCHING_RULES_VERSION, history: RULES_HISTORY, of: ruleFiles },
  { name: 'BLOCKING_KEYS_VERSION', current: BLOCKING_KEYS_VERSION, history: KEYS_HISTORY, of: keyFiles },
])('$name', ({ current, history, of }) => {
  it('is the last recorded version, and its files are as recorded (a change appends a version and its fingerprint)', () => {
    expect(history.at(-1)).toEqual({ version: current, fingerprint: fingerprint(of()) });
  });

  it('has a history of rising versions, each of other files', () => {
    expect(history.map((h) => h.version)).toEqual([...history.map((h) => h.version)].sort((a, b) => a - b));
    expect(new Set(history.map((h) => h.version)).size).toBe(history.length);
    expect(new Set(history.map((h) => h.fingerprint)).size).toBe(history.length);
  });
});
