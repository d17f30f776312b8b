import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The longest functions of the service's code (gateway, matcher, activities, workflows, infra), by
 * lines from the declaration to its closing brace, nested functions counted in their parent too:
 *   npx tsx infra/dev/longestFunctions.ts [count]
 */
const ROOTS = ['gateway', 'matcher', 'activities', 'workflows', 'infra'];

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
}

function nameOf(node: ts.Node): string | undefined {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && ts.isVariableDeclaration(node.parent))
    return node.parent.name.getText();
  if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && ts.isPropertyAssignment(node.parent))
    return node.parent.name.getText();
  return undefined;
}

const found: Array<{ lines: number; where: string; name: string }> = [];
for (const file of ROOTS.flatMap(filesUnder)) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    const name = nameOf(node);
    if (name) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ lines: end - start + 1, where: `${file}:${start + 1}`, name });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
const count = Number(process.argv[2] ?? 5);
for (const f of found.sort((a, b) => b.lines - a.lines || a.where.localeCompare(b.where)).slice(0, count))
  console.log(`${String(f.lines).padStart(4)}  ${f.name}  ${f.where}`);
