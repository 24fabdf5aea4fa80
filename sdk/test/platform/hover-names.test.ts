// What an editor shows for the client's answers: the document's schema names (the `$ref` of each
// operation's success answer), not an expanded object type.
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const sdkIndex = fileURLToPath(new URL('../../src/index.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'hover-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function shownTypes(source: string): Record<string, string> {
  const file = join(dir, 'consumer.ts');
  writeFileSync(file, source.replace('@helena/sdk', sdkIndex.replace(/\.ts$/, '.js')));
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  const checker = program.getTypeChecker();
  const shown: Record<string, string> = {};
  program.getSourceFile(file)!.forEachChild(function visit(node): void {
    if (ts.isVariableDeclaration(node)) shown[node.name.getText()] = checker.typeToString(checker.getTypeAtLocation(node.name));
    node.forEachChild(visit);
  });
  return shown;
}

describe('hovers', () => {
  it('show the client and the document schema names', () => {
    const shown = shownTypes(`
      import { createPlatformClient } from '@helena/sdk';
      const platform = createPlatformClient({});
      export async function f() {
        const call = await platform.calls.get('x');
        const assistants = await platform.assistants.list();
        const created = await platform.assistants.create({ name: 'x' });
        const page = await platform.v2.phoneNumbers.list();
        return [call, assistants, created, page];
      }`);
    // GET /call/{id} answers #/components/schemas/Call, GET /assistant an array of Assistant,
    // GET /v2/phone-number a PhoneNumberPaginatedResponse.
    expect(shown).toEqual({
      platform: 'PlatformClient',
      call: 'Call',
      assistants: 'Assistant[]',
      created: 'Assistant',
      page: 'PhoneNumberPaginatedResponse',
    });
  }, 60_000);
});
