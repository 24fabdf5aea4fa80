// The privacy key: one secret (PRIVACY_SECRET, or a random one made once and kept in the
// database) from which two keys are derived. One seals an address into the capability token of
// its /baja and /privacidad links (AES-256-GCM, so a token neither reveals its address nor can be
// forged); the other makes the keyed hash an unsubscribe is kept as after the address is erased.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { nowIso } from '../db';

/** What the privacy links and the unsubscribe list need from the key. */
export interface PrivacyKeys {
  /** The capability token of `email`: the same for the same address, unguessable without the key. */
  tokenFor(email: string): Promise<string>;
  /** The address a token was made for, or null for anything this server did not make. */
  addressOf(token: string): Promise<string | null>;
  /** HMAC-SHA256 of the address: how an unsubscribe is stored. */
  addressKey(email: string): Promise<string>;
  /** HMAC-SHA256 of a rate-limit key (it holds the client's IP): how a shared counter is stored. */
  counterKey(key: string): Promise<string>;
}

/** Addresses are matched as the lead form stores them: trimmed and lower-cased. */
export const normalizeAddress = (email: string): string => email.trim().toLowerCase();

const VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** The shortest and longest token a 1..254-character address gives (base64url of version, nonce, text, tag). */
export const TOKEN_RE = /^[A-Za-z0-9_-]{40,400}$/;

interface Material {
  seal: Buffer;
  nonce: Buffer;
  hash: Buffer;
  counter: Buffer;
}

function derive(secret: string): Material {
  const key = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'helena-privacy', info, 32));
  return { seal: key('seal address'), nonce: key('nonce'), hash: key('address hash'), counter: key('rate limit counter') };
}

/** The stored secret, made by the first instance that needs it (every other one reads that row). */
async function storedSecret(db: Db): Promise<string> {
  await db.kysely
    .insertInto('privacy_secret')
    .values({ id: 'default', secret: randomBytes(32).toString('base64url'), created_at: nowIso() })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db.kysely.selectFrom('privacy_secret').select('secret').where('id', '=', 'default').executeTakeFirstOrThrow();
  return row.secret;
}

/** The keys of `secret`, or of the database's own secret when it is undefined (read once, on first use). */
export function createPrivacyKeys(db: Db, secret: string | undefined): PrivacyKeys {
  let material: Promise<Material> | null = null;
  const keys = () => {
    material ??= (secret ? Promise.resolve(secret) : storedSecret(db)).then(derive);
    // A failed read (the database was down) is tried again next time.
    material.catch(() => (material = null));
    return material;
  };
  return {
    async tokenFor(email) {
      const k = await keys();
      const plain = Buffer.from(normalizeAddress(email), 'utf8');
      // Synthetic nonce: the same address always gets the same token, and two addresses never share a nonce.
      const nonce = createHmac('sha256', k.nonce).update(plain).digest().subarray(0, NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', k.seal, nonce);
      const version = Buffer.from([VERSION]);
      cipher.setAAD(version);
      const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([version, nonce, sealed, cipher.getAuthTag()]).toString('base64url');
    },
    async addressOf(token) {
      if (!TOKEN_RE.test(token)) return null;
      const raw = Buffer.from(token, 'base64url');
      if (raw.length < 1 + NONCE_BYTES + 1 + TAG_BYTES || raw[0] !== VERSION) return null;
      const k = await keys();
      try {
        const decipher = createDecipheriv('aes-256-gcm', k.seal, raw.subarray(1, 1 + NONCE_BYTES));
        decipher.setAAD(raw.subarray(0, 1));
        decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
        const plain = Buffer.concat([decipher.update(raw.subarray(1 + NONCE_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
        return plain.toString('utf8');
      } catch {
        return null;
      }
    },
    async addressKey(email) {
      const k = await keys();
      return createHmac('sha256', k.hash).update(normalizeAddress(email)).digest('hex');
    },
    async counterKey(key) {
      const k = await keys();
      return createHmac('sha256', k.counter).update(key).digest('base64url');
    },
  };
}
