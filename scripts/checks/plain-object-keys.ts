/**
 * Finds, in shipped code, every place a plain object may be looked up by remote text: `o[key]`
 * read or assigned, or `key in o`, where the key is named for what the site sends (a username, a
 * member, an author, a search's words, a language, a text, a title...). A plain object answers
 * `constructor`, `toString` or `__proto__` with what every object inherits (and an assignment with
 * `__proto__` sets the prototype), and all three are valid usernames. Own entries are read with
 * `ownEntry` (lib/storage/own-entry.ts) or under `Object.hasOwn` of the same object and key, in the
 * same expression or in a constant it is kept in; written with a spread of a computed key or
 * `Object.fromEntries`. `delete o[key]` is left alone: it removes own entries only.
 *
 * Why a test over the sources, by names, rather than a lint rule or the type checker: Biome's
 * plugins (GritQL) match syntax only, and so would miss a key named otherwise no better; the type
 * checker could tell a `Record<string, …>` from an array, but building the whole program takes tens
 * of seconds on the test machine and flags every key a loop took from the same object's own keys.
 * Names are the project's convention (ARCHITECTURE.md: names say what things are), so a lookup by a
 * username is named so; ids from the site are numbers (checked at the edge), which no prototype has.
 * Run by `lib/plain-object-keys.test.ts` in `npm test`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface PlainObjectLookup {
  file: string;
  line: number;
  text: string;
}

/** Names of keys that hold remote text: the last word of an identifier or property, any case. */
const REMOTE_TEXT_NAME =
  /(^|[a-z_])(user(name)?s?|members?|authors?|owners?|creators?|logins?|query|queries|words|search|lang(uage)?s?|texts?|titles?|person|people)$/i;

/** Shipped code: what the extension's bundles are built from (tests and test fakes aside). */
export function shippedFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$|^fake-/.test(entry.name))
        files.push(relative);
    }
  };
  for (const dir of ['lib', 'entrypoints', 'components']) walk(dir);
  return files.sort();
}

export function findPlainObjectLookups(root: string, files = shippedFiles(root)): PlainObjectLookup[] {
  const found: PlainObjectLookup[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(
      file,
      readFileSync(path.join(root, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    found.push(...lookupsIn(source));
  }
  return found;
}

export function lookupsIn(source: ts.SourceFile): PlainObjectLookup[] {
  const found: PlainObjectLookup[] = [];
  const report = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ file: source.fileName, line: line + 1, text: node.getText(source) });
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isElementAccessExpression(node) &&
      isRemoteTextKey(node.argumentExpression) &&
      !ts.isDeleteExpression(node.parent) &&
      !guardedByHasOwn(node)
    )
      report(node);
    else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.InKeyword &&
      isRemoteTextKey(node.left)
    )
      report(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A key named for remote text: an identifier, a property, or a template or call built on one. */
function isRemoteTextKey(key: ts.Expression): boolean {
  if (ts.isStringLiteralLike(key) || ts.isNumericLiteral(key)) return false;
  if (ts.isIdentifier(key)) return REMOTE_TEXT_NAME.test(key.text);
  if (ts.isPropertyAccessExpression(key)) return REMOTE_TEXT_NAME.test(key.name.text);
  if (ts.isNonNullExpression(key) || ts.isParenthesizedExpression(key) || ts.isAsExpression(key))
    return isRemoteTextKey(key.expression);
  if (ts.isCallExpression(key))
    return (
      key.arguments.some(isRemoteTextKey) ||
      (ts.isPropertyAccessExpression(key.expression) && isRemoteTextKey(key.expression.expression))
    );
  return false;
}

/**
 * Under `Object.hasOwn(o, k)` (directly, or through a constant holding it) as the condition of a
 * `?:`, an `&&` or an `if` whose true side holds the lookup.
 */
function guardedByHasOwn(access: ts.ElementAccessExpression): boolean {
  const object = access.expression.getText();
  const key = access.argumentExpression.getText();
  for (let node: ts.Node = access; node.parent !== undefined; node = node.parent) {
    const parent = node.parent;
    let condition: ts.Expression | null = null;
    if (ts.isConditionalExpression(parent) && parent.whenTrue === node) condition = parent.condition;
    else if (
      ts.isBinaryExpression(parent) &&
      parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken &&
      parent.right === node
    )
      condition = parent.left;
    else if (ts.isIfStatement(parent) && parent.thenStatement === node) condition = parent.expression;
    if (condition !== null && checksOwn(condition, object, key)) return true;
    if (ts.isFunctionLike(parent) || ts.isSourceFile(parent)) return false;
  }
  return false;
}

function checksOwn(condition: ts.Expression, object: string, key: string): boolean {
  if (
    ts.isBinaryExpression(condition) &&
    condition.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken
  )
    return checksOwn(condition.left, object, key) || checksOwn(condition.right, object, key);
  if (ts.isIdentifier(condition)) {
    const initializer = constantInitializer(condition);
    return initializer !== undefined && checksOwn(initializer, object, key);
  }
  return (
    ts.isCallExpression(condition) &&
    condition.expression.getText() === 'Object.hasOwn' &&
    condition.arguments[0]?.getText() === object &&
    condition.arguments[1]?.getText() === key
  );
}

/** What a `const` of this name in an enclosing block was set to. */
function constantInitializer(name: ts.Identifier): ts.Expression | undefined {
  for (let node: ts.Node | undefined = name.parent; node !== undefined; node = node.parent) {
    if (!ts.isBlock(node) && !ts.isSourceFile(node)) continue;
    for (const statement of node.statements) {
      if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const))
        continue;
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name.text)
          return declaration.initializer;
    }
  }
  return undefined;
}
