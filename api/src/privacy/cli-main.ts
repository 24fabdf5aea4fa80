// `npm run privacy:export -- <email>`, `npm run privacy:erase -- <email>`, `npm run privacy:purge`:
// the data-protection officer's tools, on the configured database (the same DATABASE_URL /
// DATABASE_PATH and PRIVACY_SECRET as the server). Output is JSON on stdout; an address with
// nothing stored is an answer, not an error. Exit code 1 on bad input or a failure, 2 on misuse.
import { customerUpsertInput } from '@helena/contract';
import { ConfigError, loadConfig } from '../config';
import { createDatabase } from '../db';
import { createLogger } from '../log';
import { createPrivacyKeys } from './keys';
import { eraseAddress, isUnsubscribed, storedData } from './queries';
import { sweepRetention } from './retention';
import { deleterOf, drainPlatformErasures, type PlatformErasureResult } from './platform-erasure';
import { sdkPlatformClient } from '../mail/summary';

/** An address as the lead form takes it (trimmed, lower-cased), so it matches what is stored. */
const emailSchema = customerUpsertInput.shape.email;

const USAGE = 'usage: npm run privacy:export -- <email> | npm run privacy:erase -- <email> | npm run privacy:purge';

class UsageError extends Error {}

/** The drain's result, and a line on stderr when deletions are still owed to the platform. */
function sayPending(result: PlatformErasureResult, keySet: boolean): PlatformErasureResult {
  if (result.pending)
    process.stderr.write(
      keySet
        ? `${result.pending} platform call deletion(s) pending: the platform did not answer; the server retries them, or run this command again.\n`
        : `${result.pending} platform call deletion(s) pending: this command reaches the platform only with VAPI_PRIVATE_KEY (and VAPI_API_URL); a server with a platform (the demo's simulator too) sends them.\n`,
    );
  return result;
}

function addressArgument(args: string[]): string {
  if (args.length !== 1) throw new UsageError(`expected one email address.\n${USAGE}`);
  const parsed = emailSchema.safeParse(args[0]);
  if (!parsed.success) throw new UsageError(`"${args[0]}" is not a valid email address.`);
  return parsed.data;
}

async function main(command: string | undefined, args: string[]): Promise<unknown> {
  if (command !== 'export' && command !== 'erase' && command !== 'purge') throw new UsageError(USAGE);
  if (command === 'purge' && args.length) throw new UsageError(`privacy:purge takes no arguments.\n${USAGE}`);
  const address = command === 'purge' ? '' : addressArgument(args);
  const config = loadConfig();
  const db = await createDatabase({ url: config.DATABASE_URL, path: config.DATABASE_PATH, poolSize: 1 });
  try {
    const keys = createPrivacyKeys(db, config.PRIVACY_SECRET);
    if (command === 'export') return await storedData(db, address, await keys.addressKey(address));
    const log = createLogger({ level: 'silent' });
    // The platform's copies of the erased conversations, as the server deletes them.
    const platform = () =>
      drainPlatformErasures({ db, log, platform: deleterOf(config.VAPI_PRIVATE_KEY ? sdkPlatformClient(config.VAPI_PRIVATE_KEY, config.VAPI_API_URL) : undefined) });
    if (command === 'erase') {
      const erased = await eraseAddress(db, address);
      const unsubscribeKept = await isUnsubscribed(db, await keys.addressKey(address));
      return { email: address, erased, unsubscribeKept, platformDeletions: sayPending(await platform(), !!config.VAPI_PRIVATE_KEY) };
    }
    const swept = await sweepRetention({ db, config, log });
    return { retentionDays: config.RETENTION_DAYS, erased: swept, platformDeletions: sayPending(await platform(), !!config.VAPI_PRIVATE_KEY) };
  } finally {
    await db.close();
  }
}

const [command, ...args] = process.argv.slice(2);
try {
  process.stdout.write(JSON.stringify(await main(command, args), null, 2) + '\n');
} catch (err) {
  const usage = err instanceof UsageError;
  const known = usage || err instanceof ConfigError;
  const message = known ? err.message : `privacy:${command ?? ''} failed: ${String((err as Error)?.message ?? err)}`;
  process.stderr.write(message + '\n');
  process.exit(usage ? 2 : 1);
}
