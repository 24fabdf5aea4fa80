// Configuration from the environment, validated with zod. A bad value stops start-up with a
// clear message (ConfigError), never a stack trace.
import { z } from 'zod';
import { demoOffer, loadOffer, OfferError } from './offer/load';
import type { Offer } from './offer/schema';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(blankToUndefined, z.string().trim().optional());
const int = (def: number, min: number, max: number) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(min).max(max).default(def));
const bool = (def: boolean) =>
  z.preprocess(
    blankToUndefined,
    z
      .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
      .default(def ? 'true' : 'false')
      .transform((v) => ['1', 'true', 'yes', 'on'].includes(v)),
  );

const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

const origins = z.preprocess(
  blankToUndefined,
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return [] as string[];
      const out: string[] = [];
      for (const part of v.split(',').map((s) => s.trim()).filter(Boolean)) {
        try {
          const u = new URL(part);
          if (!/^https?:$/.test(u.protocol) || u.origin === 'null') throw new Error('bad');
          out.push(u.origin);
        } catch {
          ctx.addIssue({ code: 'custom', message: `"${part}" is not an origin like https://www.example.com` });
          return z.NEVER;
        }
      }
      return out;
    }),
);

/**
 * A Standard Webhooks signing secret: `whsec_` and the key in base64, at least 24 bytes (the
 * size the standard recommends as its lower bound).
 */
const webhookSecret = z
  .string()
  .trim()
  .regex(/^whsec_(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, { message: 'must be "whsec_" followed by the key in base64', abort: true })
  .refine((s) => Buffer.from(s.slice('whsec_'.length), 'base64').length >= 24, 'the key after "whsec_" must be at least 24 bytes');

/** One address or a comma-separated list, each checked; unset: an empty list. */
const addressList = z.preprocess(
  blankToUndefined,
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const out: string[] = [];
      for (const part of (v ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
        if (!z.email().safeParse(part).success) {
          ctx.addIssue({ code: 'custom', message: `"${part}" is not an email address like ventas@example.com` });
          return z.NEVER;
        }
        out.push(part.toLowerCase());
      }
      return [...new Set(out)];
    }),
);

export const configSchema = z
  .object({
    NODE_ENV: z.preprocess(blankToUndefined, z.enum(['development', 'production', 'test']).default('production')),
    PORT: int(3000, 0, 65535),
    /** Loopback unless set: a developer's `npm start` is not reachable from the network. */
    HOST: z.preprocess(blankToUndefined, z.string().trim().default('127.0.0.1')),
    PUBLIC_URL: z.preprocess(blankToUndefined, httpUrl.optional()),
    ALLOWED_ORIGINS: origins,
    TRUST_PROXY: bool(false),

    DATABASE_URL: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// (leave it unset for SQLite)')
        .optional(),
    ),
    DATABASE_PATH: z.preprocess(blankToUndefined, z.string().default('./data/helena.db')),
    DATABASE_POOL_SIZE: int(10, 1, 200),

    RATE_LIMIT_PER_MINUTE: int(60, 1, 1_000_000),
    STRICT_RATE_LIMIT_PER_MINUTE: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1_000_000).optional()),

    EMAIL_API_KEY: z.preprocess(blankToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
    /** The bearer token a scraper beyond loopback presents at GET /metrics; unset, /metrics answers loopback only. */
    METRICS_TOKEN: z.preprocess(blankToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
    POSTMARK_SERVER_TOKEN: optionalString,
    POSTMARK_API_URL: z.preprocess(blankToUndefined, httpUrl.optional()),
    MAIL_FROM: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^(?:[^<>]*<)?[^\s@<>]+@[^\s@<>]+(?:>)?$/, 'must be an address like "Helena <propuestas@example.com>"')
        .optional(),
    ),
    MAIL_POLL_MS: int(1000, 10, 600_000),
    MAIL_RETRY_BASE_MS: int(2000, 1, 3_600_000),
    MAIL_RETRY_MAX_MS: int(600_000, 1, 86_400_000),
    MAIL_MAX_ATTEMPTS: int(10, 1, 1000),
    // Above a slow provider's answer time: a send cut short is retried, and the provider may
    // still deliver the first copy.
    MAIL_SEND_TIMEOUT_MS: int(30_000, 50, 600_000),
    MAIL_LEASE_MS: int(120_000, 100, 3_600_000),
    MAIL_BATCH_SIZE: int(25, 1, 500),
    MAIL_WORKER: bool(true),
    /** Proposals one recipient address may receive per MAIL_RECIPIENT_WINDOW_HOURS. */
    MAIL_PER_RECIPIENT: int(1, 0, 1000),
    MAIL_RECIPIENT_WINDOW_HOURS: int(24, 1, 24 * 365),
    /** Proposals (each two messages) queued per hour by the whole service. */
    MAIL_PROPOSALS_PER_HOUR: int(200, 0, 1_000_000),
    /** After every attempt failed, the message is swept again with long backoff for this long. */
    MAIL_SWEEP_HOURS: int(72, 0, 24 * 30),
    /** The sweep's first long backoff (it doubles up to 6 h). */
    MAIL_SWEEP_BASE_MS: int(900_000, 1, 6 * 3_600_000),
    /** Where the sales team's copy of each lead goes (an internal email, Reply-To the visitor). */
    SALES_EMAIL: addressList,
    /**
     * Who may sign in to the owner's panel at /panel. Unset: the panel is off when Postmark is
     * configured, and `panel@nexia.example` in demo mode (its sign-in mail lands in /dev/mail).
     */
    OWNER_EMAILS: addressList,

    /** The CRM's endpoint for signed lead events; unset (with its secret), no event is queued. */
    LEAD_WEBHOOK_URL: z.preprocess(blankToUndefined, httpUrl.optional()),
    LEAD_WEBHOOK_SECRET: z.preprocess(blankToUndefined, webhookSecret.optional()),

    VAPI_PRIVATE_KEY: optionalString,
    VAPI_PUBLIC_KEY: optionalString,
    VAPI_ASSISTANT_ID: optionalString,
    VAPI_API_URL: z.preprocess(blankToUndefined, httpUrl.optional()),
    /**
     * The Server URL's credential (/api/vapi/events): the platform proves it as a bearer token,
     * an HMAC-SHA256 signature or X-Vapi-Secret. Unset, the route does not exist (except in demo
     * mode, where the simulator and the server share a random one).
     */
    VAPI_WEBHOOK_SECRET: z.preprocess(blankToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
    /**
     * With a Server URL, the proposal email waits for the end-of-call report at most this long
     * after the call ends, then goes with what is known.
     */
    PROPOSAL_REPORT_WAIT_MINUTES: int(10, 0, 24 * 60),
    /** A proposal needs a conversation that began at most this long ago. */
    PROPOSAL_CALL_MAX_AGE_HOURS: int(24, 1, 24 * 365),
    /** The mounted simulator's private key; random at each start when unset. */
    SIM_PRIVATE_KEY: z.preprocess(blankToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
    /** What the demo's simulator keeps: records per collection, rooms, and for how long. */
    SIM_MAX_RECORDS: int(1000, 10, 1_000_000),
    SIM_MAX_ROOMS: int(100, 1, 100_000),
    SIM_MAX_AGE_MINUTES: int(60, 1, 7 * 24 * 60),

    /**
     * The site owner's offer (company, currency, tax, catalogue) as a JSON file; unset, the demo
     * site's own (api/offers/demo-nexia.json).
     */
    OFFER_FILE: optionalString,
    /** Proposals come with a PDF (attached to the proposal email, and at /propuesta/{id}.pdf). */
    PROPOSAL_PDF: bool(true),
    /**
     * The seller's name in mail and pages when there is no OFFER_FILE (with one, its company.name);
     * default MAIL_FROM's display name when MAIL_FROM is set, else the demo offer's company.
     */
    COMPANY_NAME: z.preprocess(blankToUndefined, z.string().max(100).optional()),
    /** The sender's postal address, shown in every visitor email's footer when set. */
    COMPANY_ADDRESS: z.preprocess(blankToUndefined, z.string().trim().max(300).optional()),
    /**
     * The key behind the /baja and /privacidad links and the keyed hashes of unsubscribed
     * addresses. Unset: a random one is created once and kept in the database.
     */
    PRIVACY_SECRET: z.preprocess(blankToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    /** Conversations, leads and mail whose last activity is older than this are erased. */
    RETENTION_DAYS: z.preprocess(blankToUndefined, z.coerce.number().positive('must be above 0').max(36_500).default(365)),
    /** How often the retention sweep runs. */
    RETENTION_SWEEP_MS: int(3_600_000, 100, 7 * 24 * 3_600_000),
    /** How often the deletions owed to the voice platform are tried (also right after each erasure). */
    PLATFORM_ERASURE_POLL_MS: int(60_000, 100, 24 * 3_600_000),
    ASSISTANT_NAME: z.preprocess(blankToUndefined, z.string().max(100).default('Helena')),

    LOG_LEVEL: z.preprocess(blankToUndefined, z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info')),
    /** Lead flows the server runs through a scratch copy of itself before it listens (0: none); see warm-up.ts. */
    WARM_UP_FLOWS: int(30, 0, 10_000),
    SHUTDOWN_TIMEOUT_MS: int(10_000, 0, 600_000),
  })
  .superRefine((c, ctx) => {
    // One without the other would either send unsigned events or sign for nobody.
    if (c.LEAD_WEBHOOK_URL && !c.LEAD_WEBHOOK_SECRET) ctx.addIssue({ code: 'custom', path: ['LEAD_WEBHOOK_SECRET'], message: 'must be set when LEAD_WEBHOOK_URL is (whsec_…)' });
    if (c.LEAD_WEBHOOK_SECRET && !c.LEAD_WEBHOOK_URL) ctx.addIssue({ code: 'custom', path: ['LEAD_WEBHOOK_URL'], message: 'must be set when LEAD_WEBHOOK_SECRET is' });
  })
  .transform((c, ctx) => {
    // By default the address the server listens on and prints at start (HOST's default,
    // 127.0.0.1), so that the links in its emails open where `npm start` says it runs.
    const publicUrl = (c.PUBLIC_URL ?? `http://127.0.0.1:${c.PORT || 3000}`).replace(/\/+$/, '');
    const origin = new URL(publicUrl).origin;
    let offer: Offer;
    try {
      offer = c.OFFER_FILE ? loadOffer(c.OFFER_FILE) : demoOffer();
    } catch (err) {
      if (!(err instanceof OfferError)) throw err;
      ctx.addIssue({ code: 'custom', path: ['OFFER_FILE'], message: err.message });
      return z.NEVER;
    }
    const companyName = c.OFFER_FILE ? offer.company.name : (c.COMPANY_NAME ?? (c.MAIL_FROM && displayNameOf(c.MAIL_FROM)) ?? offer.company.name);
    return {
      ...c,
      MAIL_FROM: c.MAIL_FROM ?? defaultMailFrom(companyName),
      offer,
      COMPANY_NAME: companyName,
      // The offer's postal address when its company is the seller, unless one is set.
      COMPANY_ADDRESS: c.COMPANY_ADDRESS ?? (companyName === offer.company.name ? offer.company.address : undefined),
      PUBLIC_URL: publicUrl,
      ALLOWED_ORIGINS: [...new Set([origin, ...c.ALLOWED_ORIGINS])],
      STRICT_RATE_LIMIT_PER_MINUTE: c.STRICT_RATE_LIMIT_PER_MINUTE ?? Math.max(1, Math.ceil(c.RATE_LIMIT_PER_MINUTE / 6)),
      OWNER_EMAILS: c.OWNER_EMAILS.length || c.POSTMARK_SERVER_TOKEN || c.POSTMARK_API_URL ? c.OWNER_EMAILS : [DEMO_OWNER_EMAIL],
    };
  });

/** Who may sign in to the panel in demo mode (no Postmark, no OWNER_EMAILS). */
export const DEMO_OWNER_EMAIL = 'panel@nexia.example';

/** The sender of mail when MAIL_FROM is unset: the seller, at the demo's address. */
export function defaultMailFrom(company: string): string {
  const plain = /^[\p{L}\p{N} .'-]+$/u.test(company);
  return `${plain ? company : `"${company.replace(/["\\<>\r\n]/g, '')}"`} <propuestas@example.com>`;
}

/** '"Acme, S.L." <propuestas@acme.es>' -> 'Acme, S.L.'; undefined for a bare address. */
function displayNameOf(from: string): string | undefined {
  const name = /^([^<]*)</.exec(from)?.[1]?.trim().replace(/^"(.*)"$/, '$1').trim();
  return name ? name.slice(0, 100) : undefined;
}

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    // One problem is one line, fit for a terminal or a log; several are a list.
    super(issues.length === 1 ? `Invalid configuration: ${issues[0]}` : `Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((i) => {
      const key = i.path.join('.') || '(environment)';
      const value = typeof i.path[0] === 'string' ? env[i.path[0]] : undefined;
      const shown = value === undefined ? '' : ` (got ${JSON.stringify(value.length > 60 ? value.slice(0, 60) + '…' : value)})`;
      // The offer's message names its file already.
      if (key === 'OFFER_FILE') return `${key}: ${i.message}`;
      return `${key}: ${i.message}${/TOKEN|KEY|SECRET|URL/.test(key) && key !== 'PUBLIC_URL' ? '' : shown}`;
    }),
  );
}
