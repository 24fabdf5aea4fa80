// `npm run db:seed-demo -- [--leads N] [--days D]`: fills the configured database (the server's own
// DATABASE_URL / DATABASE_PATH) with demo leads for the owner's panel. Progress on stderr, the
// counts as one JSON line on stdout. Exit 2: bad arguments; exit 1: refused (nothing written) or
// failed (the batches committed before the failure stay: each is a whole set of leads).
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { createDatabase } from '../db';
import { MAX_SEED_LEADS, RealLeadsError, seedDemoLeads } from './seed-demo';

const USAGE = `usage: npm run db:seed-demo -- [--leads N] [--days D]
  --leads  demo leads to add, an integer from 1 to ${MAX_SEED_LEADS} (default 1000)
  --days   how many days back they go, an integer from 1 to 3650 (default 90)`;

// Digits only: Number('1e3') or '0x10' would pass a plain integer check and surprise the operator.
const count = (max: number) => z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).pipe(z.number().int().min(1).max(max));
const argsSchema = z.object({ leads: count(MAX_SEED_LEADS).default(1000), days: count(3650).default(90) });

function parse(): z.infer<typeof argsSchema> {
  try {
    const { values } = parseArgs({ options: { leads: { type: 'string' }, days: { type: 'string' } }, strict: true, allowPositionals: false });
    const parsed = argsSchema.safeParse(values);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    throw new Error(`--${issue.path.join('.')}: ${issue.message}`);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
}

const args = parse();
let config;
try {
  config = loadConfig();
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : String(err)}\n`);
  process.exit(1);
}
const db = await createDatabase({ url: config.DATABASE_URL, path: config.DATABASE_PATH });
try {
  const result = await seedDemoLeads(db, {
    leads: args.leads,
    days: args.days,
    offer: config.offer,
    publicUrl: config.PUBLIC_URL,
    assistantName: config.ASSISTANT_NAME,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
} catch (err) {
  process.stderr.write(`${err instanceof RealLeadsError ? err.message : `seeding failed: ${(err as Error)?.message ?? err}`}\n`);
  process.exitCode = 1;
} finally {
  await db.close();
}
