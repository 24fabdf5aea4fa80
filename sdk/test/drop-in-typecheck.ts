// Compiles a drop-in's usage file as a consumer would: in a scratch project whose node_modules
// hold the reference packages (@vapi-ai/*) and @daily-co/daily-js from the repository, and
// @helena/sdk as published: the built declarations (`npm run build`, which `npm test` runs when
// sdk/dist is missing) behind one entry of the package's own exports map. Building them again
// here cost as much CPU as the checks themselves.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string) => join(repo, 'node_modules', '.bin', name);

export type Resolution = 'bundler' | 'node16-cjs' | 'node16-esm';
export const RESOLUTIONS: readonly Resolution[] = ['bundler', 'node16-cjs', 'node16-esm'];

export interface Scratch {
  dir: string;
  /** Writes the consumer project (usage file importing `specifier`, package.json, tsconfig.json); returns its directory. */
  project(specifier: string, resolution: Resolution): Promise<string>;
  /** tsc's diagnostics for the usage file importing `specifier`, one line each (empty: compiles). */
  check(specifier: string, resolution: Resolution): Promise<string[]>;
  dispose(): Promise<void>;
}

/** Which entry of @helena/sdk to build, and the usage template (its `__PACKAGE__` is replaced). */
export interface DropIn {
  entry: 'web' | 'server-sdk';
  usage: URL;
}

/** A scratch @helena/sdk exposing one entry of the built dist, with the peers linked in. */
export async function createScratch({ entry, usage: template }: DropIn): Promise<Scratch> {
  const built = join(repo, 'sdk', 'dist');
  for (const file of [`${entry}.d.ts`, `${entry}.d.cts`]) {
    if (!existsSync(join(built, file))) throw new Error(`sdk/dist/${file} is missing: run npm run build first`);
  }
  const dir = await mkdtemp(join(tmpdir(), 'helena-drop-in-'));
  const sdk = join(dir, 'node_modules', '@helena', 'sdk');
  await mkdir(sdk, { recursive: true });
  await symlink(built, join(sdk, 'dist'), 'dir');
  const manifest = JSON.parse(await readFile(join(repo, 'sdk', 'package.json'), 'utf8'));
  await writeFile(
    join(sdk, 'package.json'),
    JSON.stringify({ name: '@helena/sdk', type: manifest.type, exports: { [`./${entry}`]: manifest.exports[`./${entry}`] } }),
  );
  for (const name of ['@vapi-ai', '@daily-co', '@types']) {
    await symlink(join(repo, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
  }
  const usage = await readFile(fileURLToPath(template), 'utf8');

  const scratch: Scratch = {
    dir,
    async project(specifier, resolution) {
      const project = join(dir, `${resolution}-${specifier.replace(/\W+/g, '_')}`);
      await mkdir(project, { recursive: true });
      const esm = resolution !== 'node16-cjs';
      const file = resolution === 'node16-esm' ? 'usage.mts' : 'usage.ts';
      await writeFile(join(project, 'package.json'), JSON.stringify({ type: esm ? 'module' : 'commonjs' }));
      await writeFile(join(project, file), usage.replaceAll('__PACKAGE__', specifier));
      const node16 = resolution !== 'bundler';
      await writeFile(
        join(project, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'es2022',
            module: node16 ? 'node16' : 'esnext',
            moduleResolution: node16 ? 'node16' : 'bundler',
            lib: ['es2022', 'dom', 'dom.iterable'],
            types: ['node'],
            strict: true,
            noEmit: true,
            skipLibCheck: true,
            esModuleInterop: true,
          },
          files: [file],
        }),
      );
      return project;
    },
    async check(specifier, resolution) {
      const project = await scratch.project(specifier, resolution);
      try {
        await run(bin('tsc'), ['-p', project, '--pretty', 'false'], { cwd: project, maxBuffer: 16 << 20 });
        return [];
      } catch (error) {
        const out = String((error as { stdout?: string }).stdout ?? error);
        return out.split('\n').filter((line) => /error TS\d+/.test(line));
      }
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
  return scratch;
}
