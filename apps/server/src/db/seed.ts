import { PERMISSION_FLAGS } from '../modules/account/client.repo.ts';
import { istDay } from '@kite/exchange';
import { hashSecret } from '../modules/account/password-hash.ts';
import { seedIpoDemo } from '../modules/ipo/ipo-calendar.ts';
import { inTransaction, type Db, type DbClient } from './pool.ts';

export interface DemoLogin {
  userId: string;
  password: string;
  note: string;
}

export const DEMO_PASSWORD = 'Demo@1234';
export const DEMO_TPIN = '1234';

type Flag = 'Y' | 'N';
type Permission = (typeof PERMISSION_FLAGS)[number];

interface Holding {
  exchange: 'NSE' | 'BSE';
  symbol: string;
  isin: string;
  quantity: number;
  avgPricePaise: number;
  /** When these shares were bought, before the records (yyyy-mm-dd): the opening lot capital gains cost them from. */
  acquiredOn: string;
}

interface DemoClient {
  userId: string;
  name: string;
  pan: string;
  birthYear: number;
  mobile: string;
  email: string;
  note: string;
  permissions: Partial<Record<Permission, Flag>>;
  allPermissions: boolean;
  extra: { basketOrder: boolean; newPnlReport: boolean; spreadSearch: boolean; mergeEqCom: boolean };
  nonPoa: boolean;
  loginWithOtp: boolean;
  dormant: boolean;
  mtfActive: boolean;
  demat: { dpType: 'CDSL' | 'NSDL'; dpId: string; dpAccount: string; bank: string; bankAccount: string };
  fundsPaise: number;
  holdings: Holding[];
}

const rupees = (value: number): number => Math.round(value * 100);

// ISINs and price levels from shared/data/nifty50.csv (mid-November 2025).
const RELIANCE = { symbol: 'RELIANCE', isin: 'INE002A01018' };
const TCS = { symbol: 'TCS', isin: 'INE467B01029' };
const INFY = { symbol: 'INFY', isin: 'INE009A01021' };
const HDFCBANK = { symbol: 'HDFCBANK', isin: 'INE040A01034' };
const ITC = { symbol: 'ITC', isin: 'INE154A01025' };
const SBIN = { symbol: 'SBIN', isin: 'INE062A01020' };
const ICICIBANK = { symbol: 'ICICIBANK', isin: 'INE090A01021' };
const LT = { symbol: 'LT', isin: 'INE018A01030' };

const allExtras = { basketOrder: true, newPnlReport: true, spreadSearch: true, mergeEqCom: false };

const DEMO_CLIENTS: DemoClient[] = [
  {
    userId: 'DEMO1',
    name: 'Aarav Sharma',
    pan: 'ABCPS1234F',
    birthYear: 1985,
    mobile: '9876500001',
    email: 'demo1@kite-india.example',
    note: 'every permission, POA demat (CDSL), Rs 10,00,000 and equity holdings',
    permissions: {},
    allPermissions: true,
    extra: allExtras,
    nonPoa: false,
    loginWithOtp: false,
    dormant: false,
    mtfActive: true,
    demat: { dpType: 'CDSL', dpId: '12081600', dpAccount: '1208160000000001', bank: 'HDFC Bank', bankAccount: '50100234567801' },
    fundsPaise: rupees(10_00_000),
    holdings: [
      { exchange: 'NSE', ...RELIANCE, quantity: 50, avgPricePaise: rupees(1412.35), acquiredOn: '2023-06-12' },
      { exchange: 'NSE', ...TCS, quantity: 20, avgPricePaise: rupees(3320.5), acquiredOn: '2023-09-04' },
      { exchange: 'NSE', ...INFY, quantity: 40, avgPricePaise: rupees(1480.1), acquiredOn: '2024-02-19' },
      { exchange: 'NSE', ...HDFCBANK, quantity: 60, avgPricePaise: rupees(950.25), acquiredOn: '2023-11-27' },
      { exchange: 'BSE', ...ITC, quantity: 200, avgPricePaise: rupees(415.6), acquiredOn: '2024-05-06' },
    ],
  },
  {
    userId: 'DEMO2',
    name: 'Priya Iyer',
    pan: 'BCDPI2345G',
    birthYear: 1990,
    mobile: '9876500002',
    email: 'demo2@kite-india.example',
    note: 'equity only (NSE and BSE), non-POA CDSL demat: selling needs e-DIS',
    permissions: { equity_flag: 'Y', bse_permission: 'Y' },
    allPermissions: false,
    extra: { basketOrder: true, newPnlReport: true, spreadSearch: false, mergeEqCom: false },
    nonPoa: true,
    loginWithOtp: false,
    dormant: false,
    mtfActive: false,
    demat: { dpType: 'CDSL', dpId: '12081600', dpAccount: '1208160000000002', bank: 'ICICI Bank', bankAccount: '002101567802' },
    fundsPaise: rupees(2_00_000),
    holdings: [
      { exchange: 'NSE', ...SBIN, quantity: 100, avgPricePaise: rupees(812.4), acquiredOn: '2024-03-11' },
      { exchange: 'NSE', ...ICICIBANK, quantity: 30, avgPricePaise: rupees(1290), acquiredOn: '2023-12-18' },
      { exchange: 'NSE', ...ITC, quantity: 150, avgPricePaise: rupees(432.75), acquiredOn: '2024-07-22' },
    ],
  },
  {
    userId: 'DEMO3',
    name: 'Rohan Mehta',
    pan: 'CDEPM3456H',
    birthYear: 1978,
    mobile: '9876500003',
    email: 'demo3@kite-india.example',
    note: 'every permission, login with OTP (read it from /dev/outbox), POA demat (NSDL)',
    permissions: {},
    allPermissions: true,
    extra: allExtras,
    nonPoa: false,
    loginWithOtp: true,
    dormant: false,
    mtfActive: true,
    demat: { dpType: 'NSDL', dpId: 'IN300214', dpAccount: 'IN30021410000003', bank: 'State Bank of India', bankAccount: '30912345603' },
    fundsPaise: rupees(5_00_000),
    holdings: [
      { exchange: 'NSE', ...LT, quantity: 10, avgPricePaise: rupees(3650), acquiredOn: '2023-10-09' },
      { exchange: 'NSE', ...INFY, quantity: 25, avgPricePaise: rupees(1560.2), acquiredOn: '2024-08-26' },
    ],
  },
  {
    userId: 'DORMANT1',
    name: 'Kavita Rao',
    pan: 'DEFPR4567J',
    birthYear: 1969,
    mobile: '9876500004',
    email: 'dormant1@kite-india.example',
    note: 'dormant: login asks to reactivate (Reactivate Dormant, 6-digit OTP)',
    permissions: { equity_flag: 'Y', bse_permission: 'Y' },
    allPermissions: false,
    extra: { basketOrder: false, newPnlReport: false, spreadSearch: false, mergeEqCom: false },
    nonPoa: false,
    loginWithOtp: false,
    dormant: true,
    mtfActive: false,
    demat: { dpType: 'CDSL', dpId: '12081600', dpAccount: '1208160000000004', bank: 'Axis Bank', bankAccount: '917010045678904' },
    fundsPaise: rupees(25_000),
    holdings: [{ exchange: 'NSE', ...TCS, quantity: 5, avgPricePaise: rupees(3010), acquiredOn: '2022-11-14' }],
  },
];

async function insertClient(tx: DbClient, c: DemoClient, openingLots: boolean): Promise<void> {
  const flags = PERMISSION_FLAGS.map((p) => (c.allPermissions ? 'Y' : (c.permissions[p] ?? 'N')));
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO clients (user_id, name, pan, birth_year, mobile, email, password_hash, tpin_hash,
        ${PERMISSION_FLAGS.join(', ')},
        basket_order, new_pnl_report, spread_search, merge_eq_com, non_poa, non_poa_app_key, login_with_otp, dormant,
        mtf_status, mtf_activated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, ${PERMISSION_FLAGS.map((_, i) => `$${i + 9}`).join(', ')},
        $23, $24, $25, $26, $27, $28, $29, $30, $31::text, CASE WHEN $31::text = 'active' THEN now() END)
     RETURNING id`,
    [
      c.userId,
      c.name,
      c.pan,
      c.birthYear,
      c.mobile,
      c.email,
      await hashSecret(DEMO_PASSWORD),
      await hashSecret(DEMO_TPIN),
      ...flags,
      c.extra.basketOrder,
      c.extra.newPnlReport,
      c.extra.spreadSearch,
      c.extra.mergeEqCom,
      c.nonPoa,
      c.nonPoa ? `EDIS${c.userId}` : null,
      c.loginWithOtp,
      c.dormant,
      c.mtfActive ? 'active' : 'none',
    ],
  );
  const clientId = rows[0]?.id;
  if (clientId === undefined) throw new Error(`seeding ${c.userId} returned no id`);
  const demat = await tx.query<{ id: number }>(
    `INSERT INTO demat_accounts (client_id, dp_type, dp_id, dp_account, dp_api_status, poa, bank_name, bank_account)
     VALUES ($1, $2, $3, $4, 'Y', $5, $6, $7) RETURNING id`,
    [clientId, c.demat.dpType, c.demat.dpId, c.demat.dpAccount, !c.nonPoa, c.demat.bank, c.demat.bankAccount],
  );
  await tx.query('INSERT INTO client_funds (client_id, ledger_balance_paise) VALUES ($1, $2)', [clientId, c.fundsPaise]);
  for (const h of c.holdings) {
    await tx.query(
      `INSERT INTO holdings (client_id, exchange, symbol, isin, quantity, avg_price_paise, poa_free, demat_account_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [clientId, h.exchange, h.symbol, h.isin, h.quantity, h.avgPricePaise, c.nonPoa, demat.rows[0]?.id ?? null],
    );
    if (openingLots)
      await tx.query(
        `INSERT INTO opening_lots (client_id, isin, symbol, quantity, price_paise, acquired_on)
         VALUES ($1, $2, $3, $4, $5, $6::date)`,
        [clientId, h.isin, h.symbol, h.quantity, h.avgPricePaise, h.acquiredOn],
      );
  }
}

const SEED_LOCK_KEY = 4_242_002;

/** Seeds the demo clients on first start (only when no client exists); returns the demo logins to print. */
export async function seedDemoData(db: Db): Promise<DemoLogin[]> {
  await inTransaction(db, async (tx) => {
    // Two servers starting on one database must not both seed.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM clients');
    if ((rows[0]?.n ?? 0) > 0) return;
    // A migration's test seeds its database as it stood before the migration: before 0036 there are no opening lots
    // (0036 carries the holdings over into them).
    const lots = await tx.query<{ present: boolean }>("SELECT to_regclass('opening_lots') IS NOT NULL AS present");
    for (const client of DEMO_CLIENTS) await insertClient(tx, client, lots.rows[0]?.present === true);
  });
  await seedIpoDemo(db, istDay(Date.now()));
  const { rows } = await db.query<{ user_id: string }>('SELECT user_id FROM clients WHERE user_id = ANY($1::text[])', [DEMO_CLIENTS.map((c) => c.userId)]);
  const present = new Set(rows.map((r) => r.user_id));
  return DEMO_CLIENTS.filter((c) => present.has(c.userId)).map((c) => ({ userId: c.userId, password: DEMO_PASSWORD, note: c.note }));
}

/** The seeded demo clients' recovery details (PAN, birth year, TPIN, mobile), for tests and the README. */
export const demoClients: readonly Pick<DemoClient, 'userId' | 'pan' | 'birthYear' | 'mobile' | 'email'>[] = DEMO_CLIENTS;
