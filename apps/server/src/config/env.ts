import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './server-root.ts';

const onOff = z.enum(['on', 'off']);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** External PostgreSQL; when unset an embedded PostgreSQL runs in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1, 'must name a folder').default(path.join(repoRoot, 'data')),
  /** Port of the embedded PostgreSQL: never 5432, so it cannot collide with a server already running. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  ENCRYPTION: onOff.default('on'),
  SESSION_IDLE_MS: z.coerce.number().int().positive().default(18_000_000),
  MARKET_HOURS: z.enum(['always', 'real']).default('always'),
  /** The simulated market (services/market-runtime): seed of prices and agents, step in ms, and whether it runs. */
  MARKET_SEED: z.coerce.number().int().min(0).max(4_294_967_295).default(1),
  MARKET_TICK_MS: z.coerce.number().int().min(20).max(60_000).default(250),
  /** off: no timer and nothing published to the stream (tests that drive the bus themselves); on by default outside tests. */
  MARKET_SIM: onOff.optional(),
  SQR_OFF_TIME_LIMIT: z.coerce.number().int().nonnegative().default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Also exposes GET /dev/outbox; on by default outside production. */
  DEV_OUTBOX: onOff.optional(),
  SEED_DEMO: onOff.default('on'),
  /** Payload encryption keys (plugins/encryption.ts): lifetime and agreements per IP per minute. */
  ENCRYPTION_KEY_TTL_MS: z.coerce.number().int().positive().default(43_200_000),
  KEY_EXCHANGE_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** platform.md 4.7: which live feed /TRstreamStatus selects (new -> 'Y', old -> 'N'). */
  STREAM_FEED: z.enum(['new', 'old']).default('new'),
  STREAM_LOG_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Signs single sign-on tokens for partner apps (modules/sso); required in production. */
  SSO_SIGNING_KEY: z.string().min(32).optional(),
  SSO_TOKEN_TTL_MS: z.coerce.number().int().positive().default(120_000),
  /** Public demat payment pages (modules/payment). */
  CAPTCHA_TTL_MS: z.coerce.number().int().positive().default(300_000),
  PAYMENT_TOKEN_TTL_MS: z.coerce.number().int().positive().default(900_000),
  PAYMENT_MERCHANT_ID: z.string().min(1).default('KITEDP001'),
  /** Accounts and login (platform.md 4, 9). */
  LOGIN_LOCKOUT_LIMIT: z.coerce.number().int().min(1).default(5),
  OTP_TTL_MS: z.coerce.number().int().positive().default(300_000),
  OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(3),
  OTP_RESEND_WAIT_MS: z.coerce.number().int().nonnegative().default(30_000),
  SESSION_TOUCH_MS: z.coerce.number().int().nonnegative().default(5_000),
  /** Secure attribute of the session cookie: auto sets it when the request came over https. */
  COOKIE_SECURE: z.enum(['auto', 'always', 'never']).default('auto'),
  /** Limits of the login, OTP and recovery calls, per call and window, by IP and by client id. */
  AUTH_RATE_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  AUTH_RATE_MAX_PER_IP: z.coerce.number().int().positive().default(300),
  AUTH_RATE_MAX_PER_USER: z.coerce.number().int().positive().default(60),
  /** Order-entry calls (place, modify, cancel, exit, execute basket) per client and window (plugins/order-rate-limit.ts). */
  ORDER_RATE_WINDOW_MS: z.coerce.number().int().positive().default(10_000),
  ORDER_RATE_MAX_PER_CLIENT: z.coerce.number().int().positive().default(200),
  /** How long the simulated back office takes to activate MTF after the request. */
  MTF_ACTIVATION_DELAY_MS: z.coerce.number().int().nonnegative().default(0),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  encryption: boolean;
  sessionIdleMs: number;
  marketHours: Env['MARKET_HOURS'];
  /** simulate false: nothing is published to the stream and prices move only when something calls advance(). */
  market: { seed: number; tickMs: number; simulate: boolean };
  sqrOffTimeLimit: number;
  logLevel: Env['LOG_LEVEL'];
  webDist: string;
  devOutbox: boolean;
  seedDemo: boolean;
  /** Checks every response against its schema; on in tests. */
  validateResponses: boolean;
  encryptionKeyTtlMs: number;
  keyExchangePerMinute: number;
  streamFeed: Env['STREAM_FEED'];
  streamLogPerMinute: number;
  sso: { signingKey: string | undefined; tokenTtlMs: number };
  payment: { captchaTtlMs: number; tokenTtlMs: number; merchantId: string };
  auth: AuthConfig;
}

export interface AuthConfig {
  lockoutLimit: number;
  otpTtlMs: number;
  otpMaxAttempts: number;
  otpResendWaitMs: number;
  sessionTouchMs: number;
  cookieSecure: Env['COOKIE_SECURE'];
  rateWindowMs: number;
  rateMaxPerIp: number;
  rateMaxPerUser: number;
  orderRateWindowMs: number;
  orderRateMaxPerClient: number;
  mtfActivationDelayMs: number;
}

/** Reads process.env once, failing fast with every problem listed. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR),
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    encryption: env.ENCRYPTION === 'on',
    sessionIdleMs: env.SESSION_IDLE_MS,
    marketHours: env.MARKET_HOURS,
    market: { seed: env.MARKET_SEED, tickMs: env.MARKET_TICK_MS, simulate: env.MARKET_SIM ? env.MARKET_SIM === 'on' : env.NODE_ENV !== 'test' },
    sqrOffTimeLimit: env.SQR_OFF_TIME_LIMIT,
    logLevel: env.LOG_LEVEL,
    webDist: path.resolve(env.WEB_DIST),
    devOutbox: env.DEV_OUTBOX ? env.DEV_OUTBOX === 'on' : env.NODE_ENV !== 'production',
    seedDemo: env.SEED_DEMO === 'on',
    validateResponses: env.NODE_ENV === 'test',
    encryptionKeyTtlMs: env.ENCRYPTION_KEY_TTL_MS,
    keyExchangePerMinute: env.KEY_EXCHANGE_PER_MINUTE,
    streamFeed: env.STREAM_FEED,
    streamLogPerMinute: env.STREAM_LOG_PER_MINUTE,
    sso: { signingKey: env.SSO_SIGNING_KEY, tokenTtlMs: env.SSO_TOKEN_TTL_MS },
    payment: { captchaTtlMs: env.CAPTCHA_TTL_MS, tokenTtlMs: env.PAYMENT_TOKEN_TTL_MS, merchantId: env.PAYMENT_MERCHANT_ID },
    auth: {
      lockoutLimit: env.LOGIN_LOCKOUT_LIMIT,
      otpTtlMs: env.OTP_TTL_MS,
      otpMaxAttempts: env.OTP_MAX_ATTEMPTS,
      otpResendWaitMs: env.OTP_RESEND_WAIT_MS,
      sessionTouchMs: env.SESSION_TOUCH_MS,
      cookieSecure: env.COOKIE_SECURE,
      rateWindowMs: env.AUTH_RATE_WINDOW_MS,
      rateMaxPerIp: env.AUTH_RATE_MAX_PER_IP,
      rateMaxPerUser: env.AUTH_RATE_MAX_PER_USER,
      orderRateWindowMs: env.ORDER_RATE_WINDOW_MS,
      orderRateMaxPerClient: env.ORDER_RATE_MAX_PER_CLIENT,
      mtfActivationDelayMs: env.MTF_ACTIVATION_DELAY_MS,
    },
  };
}
