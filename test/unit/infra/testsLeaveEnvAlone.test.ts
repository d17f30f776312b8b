import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Tests leave process.env alone: a suite that changes it changes the configuration of everything
 * else in its process (the gateway, the worker, the next suite of the same jest worker). A test
 * gives the code under test a configuration object of its own instead, and a child process gets
 * `{ ...process.env, X }` as its env. A static scan of every test file: reads and copies pass;
 * assigning to process.env or one of its variables, deleting one, or handing process.env to
 * Object.assign / Object.defineProperty fails.
 */
const root = path.resolve(__dirname, '..', '..', '..');
const SCANNED = ['test/integration', 'test/unit'];

const unwrap = (node: ts.Node): ts.Node => (ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node);

function isProcessEnv(node: ts.Node): boolean {
  const inner = unwrap(node);
  return (
    ts.isPropertyAccessExpression(inner) &&
    inner.name.text === 'env' &&
    ts.isIdentifier(unwrap(inner.expression)) &&
    (unwrap(inner.expression) as ts.Identifier).text === 'process'
  );
}

/** process.env itself, process.env.X or process.env[...], through parentheses. */
function isEnvTarget(node: ts.Node): boolean {
  const inner = unwrap(node);
  if (isProcessEnv(inner)) return true;
  return (ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner)) && isProcessEnv(inner.expression);
}

const isAssignment = (kind: ts.SyntaxKind): boolean => kind >= ts.SyntaxKind.FirstAssignment && kind <= ts.SyntaxKind.LastAssignment;

/** Where `source` writes process.env: `line: code` for each place. */
function processEnvWrites(source: string, fileName = 'scanned.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node): void => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${line + 1}: ${node.getText(file).split('\n')[0]}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && isAssignment(node.operatorToken.kind) && isEnvTarget(node.left)) report(node);
    else if (ts.isDeleteExpression(node) && isEnvTarget(node.expression)) report(node);
    else if (
      (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
      (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken) &&
      isEnvTarget(node.operand)
    )
      report(node);
    else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'Object' &&
      ['assign', 'defineProperty', 'defineProperties'].includes(node.expression.name.text) &&
      node.arguments.length > 0 &&
      isEnvTarget(node.arguments[0])
    )
      report(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function testFiles(): string[] {
  return SCANNED.flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.(ts|tsx|js|cjs|mjs)$/.test(e.name))
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/')),
  ).sort();
}

describe('the scan', () => {
  it.each([
    ["process.env.LIST_SOURCES_DISABLED = 'oig_leie';", 1],
    ['delete process.env.WEBHOOK_SECRET_KEYS;', 1],
    ["process.env['A'] = 'b';", 1],
    ["process.env[name] ??= '1';", 1],
    ["Object.assign(process.env, { WEBHOOK_TIMEOUT_MS: '1500' });", 1],
    ["Object.defineProperty(process.env, 'A', { value: '1' });", 1],
    ['process.env = {};', 1],
    ["(process.env).A = '1';", 1],
    ['for (const [k, v] of list) if (v === undefined) delete process.env[k];\nelse process.env[k] = v;', 2],
  ])('finds the write in %j', (source, count) => {
    expect(processEnvWrites(source as string)).toHaveLength(count as number);
  });

  it.each([
    'const a = process.env.TEMPORAL_ADDRESS as string;',
    "if (process.env.A === 'x') run();",
    "const env = { ...process.env, LIST_SOURCES_DISABLED: 'oig_leie' };",
    'spawn(cmd, args, { env: { ...process.env, GATEWAY_PORT: String(port) } });',
    'const env: NodeJS.ProcessEnv = { ...process.env };\ndelete env.WEBHOOK_SECRET_KEYS;\nenv.A = "1";',
    "Object.assign(config, { A: process.env.A });\nconst x = Object.assign({}, process.env, { B: '1' });",
    '// process.env.A = "1" in a comment\nconst s = "delete process.env.A";',
  ])('lets %j pass', (source) => {
    expect(processEnvWrites(source)).toEqual([]);
  });
});

describe('test files', () => {
  const files = testFiles();

  it('are found', () => {
    expect(files).toContain('test/unit/infra/testsLeaveEnvAlone.test.ts');
    expect(files.some((f) => f.startsWith('test/integration/'))).toBe(true);
  });

  it('write no process.env (reads and copies only)', () => {
    const writes = Object.fromEntries(
      files.map((f) => [f, processEnvWrites(fs.readFileSync(path.join(root, f), 'utf8'), f)]).filter(([, found]) => found.length > 0),
    );
    expect(writes).toEqual({});
  });
});
