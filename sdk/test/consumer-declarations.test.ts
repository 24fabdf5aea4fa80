// What an application's editor and compiler see of the built package: the document's schemas
// by their names. A library that wraps the client must be able to emit its own declarations
// (TS4023 otherwise: "has or is using name 'Call' … but cannot be named").
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const sdkDir = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'helena-consumer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a consumer of the built declarations', () => {
  it('names Call and Assistant in its own emitted declarations', () => {
    mkdirSync(join(dir, 'node_modules', '@helena'), { recursive: true });
    symlinkSync(sdkDir, join(dir, 'node_modules', '@helena', 'sdk'), 'dir');
    const file = join(dir, 'wrapper.ts');
    writeFileSync(
      file,
      [
        "import { createPlatformClient } from '@helena/sdk';",
        "const platform = createPlatformClient({ token: 'key' });",
        'export const getCall = (id: string) => platform.calls.get(id);',
        'export const listAssistants = () => platform.assistants.list();',
      ].join('\n'),
    );
    const emitted: Record<string, string> = {};
    const program = ts.createProgram([file], {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      declaration: true,
      emitDeclarationOnly: true,
      skipLibCheck: true,
      types: [],
      outDir: join(dir, 'out'),
    });
    const result = program.emit(undefined, (name, text) => (emitted[name] = text));
    const errors = ts.getPreEmitDiagnostics(program).concat(result.diagnostics).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors).toEqual([]);
    const declarations = Object.values(emitted).join('\n');
    expect(declarations).toContain('Promise<import("@helena/sdk").Call>');
    expect(declarations).toContain('Promise<import("@helena/sdk").Assistant[]>');
  });
});
