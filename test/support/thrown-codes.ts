import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** An error code a service's source makes, with its type when the source names it plainly. */
interface ThrownCode {
  code: string;
  type?: string;
  file: string;
}

export const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return path.endsWith('.ts') ? [path] : [];
  });

const literal = (node: ts.Node | undefined): string | undefined =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;

/** Functions of a file that take a `code` parameter (`rule(field, code, message)`): name → its index. */
function codeTakers(source: ts.SourceFile): Map<string, number> {
  const takers = new Map<string, number>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.initializer && ts.isArrowFunction(node.initializer)) {
      const index = node.initializer.parameters.findIndex((p) => p.name.getText() === 'code');
      if (index >= 0) takers.set(node.name.getText(), index);
    }
    if (ts.isFunctionDeclaration(node) && node.name) {
      const index = node.parameters.findIndex((p) => p.name.getText() === 'code');
      if (index >= 0) takers.set(node.name.text, index);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return takers;
}

type Found = Omit<ThrownCode, 'file'>;

/** A file's names for its service's error makers: an imported `errors`, or a const made by `errorMakers(...)`. */
function makerNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportSpecifier(node) && (node.propertyName ?? node.name).text === 'errors') names.add(node.name.text);
    if (
      ts.isVariableDeclaration(node) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      node.initializer.expression.getText() === 'errorMakers'
    )
      names.add(node.name.getText());
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** The kit's ways of making an error, and the service's own functions that take a code. */
function codesOfCall(
  call: ts.CallExpression | ts.NewExpression,
  takers: Map<string, number>,
  makers: Set<string>,
): Found[] {
  const callee = call.expression.getText();
  const args = call.arguments ?? ts.factory.createNodeArray();
  if (ts.isNewExpression(call) && callee === 'AppError') {
    const type = literal(args[0]);
    const code = args[2] ? literal(args[2]) : type;
    return code ? [{ code, type }] : [];
  }
  if (callee === 'stateTable' || (ts.isNewExpression(call) && callee === 'StateTable'))
    return [{ code: literal(args[2]) ?? 'invalid_status_transition', type: 'conflict' }];
  if (callee === 'conflict') return [{ code: args[1] ? (literal(args[1]) ?? '') : 'invalid_state', type: 'conflict' }];
  if (callee === 'unprocessable') return [{ code: literal(args[1]) ?? '', type: 'unprocessable' }];
  if (callee === 'notFound') return [{ code: 'resource_not_found', type: 'not_found' }];
  if (callee === 'dependencyUnavailable') return [{ code: 'dependency_unavailable', type: 'unavailable' }];
  if (callee === 'callPeer') {
    const refused =
      literal(args[2]) === 'unavailable' ? [] : [{ code: `${literal(args[0])}_refused`, type: 'unprocessable' }];
    return [{ code: 'dependency_unavailable', type: 'unavailable' }, ...refused];
  }
  const [object, made] = callee.split('.');
  if (made && makers.has(object!)) return [{ code: made }];
  const index = takers.get(callee);
  const code = index === undefined ? undefined : literal(args[index]);
  return code ? [{ code }] : [];
}

/** A URL rule (`{subject: 'Feed URL', code: 'feed_url'}`): the kit's public-URL check makes its three codes. */
function codesOfUrlRules(node: ts.ObjectLiteralExpression): Found[] {
  const props = new Map(
    node.properties.filter(ts.isPropertyAssignment).map((p) => [p.name.getText(), literal(p.initializer)]),
  );
  const prefix = props.get('code');
  if (!props.has('subject') || !prefix) return [];
  return ['not_https', 'private_address', 'unresolvable'].map((s) => ({
    code: `${prefix}_${s}`,
    type: 'unprocessable',
  }));
}

/**
 * Every error code the TypeScript under `dir` makes with a literal: a catalogue's maker
 * (`errors.over_receipt(...)`), `new AppError(type, message, 'code')`, the kit's `conflict`,
 * `unprocessable`, `notFound`, `dependencyUnavailable`, a state table's code, `callPeer`'s
 * `<peer>_refused`, a URL rule's codes, and, with `takers` (the kit's own code), a literal handed to
 * a local function's `code` parameter. A code made any other way at run time is not seen. A
 * service's local functions that take a code build `details` (a detail's code is not an error's).
 */
export function thrownCodes(dir: string, { takers: withTakers = false } = {}): ThrownCode[] {
  const found: ThrownCode[] = [];
  for (const file of filesUnder(dir)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    const takers = withTakers ? codeTakers(source) : new Map<string, number>();
    const makers = makerNames(source);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node))
        for (const thrown of codesOfCall(node, takers, makers)) if (thrown.code) found.push({ ...thrown, file });
      if (ts.isObjectLiteralExpression(node))
        for (const thrown of codesOfUrlRules(node)) found.push({ ...thrown, file });
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const HAND_MADE = new Set(['AppError', 'conflict', 'unprocessable']);

/** Errors made by hand under `dir` (`new AppError(...)`, the kit's `conflict`/`unprocessable`), as `file:line`. */
export function handMadeErrors(dir: string): string[] {
  const found: string[] = [];
  for (const file of filesUnder(dir)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    const visit = (node: ts.Node): void => {
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && HAND_MADE.has(node.expression.getText())) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${file.slice(file.indexOf('services/'))}:${line + 1}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
