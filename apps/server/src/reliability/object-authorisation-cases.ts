import { isoDate, istDay } from '@kite/exchange';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { applyTrade, clientIdOf, nseEquity } from '../modules/portfolio/portfolio-test-support.ts';
import type { BatteryApp } from './battery-app.ts';
import { basketLinePayload } from '../modules/basket/basket-test-support.ts';
import { cutOffBid } from '../modules/ipo/ipo-test-support.ts';
import { nearestContract } from '../test/contracts.ts';

type Victim = 'DEMO1' | 'DEMO2';

/**
 * How to prove one id-taking route refuses another client's object: the victim makes the object, the attacker (DEMO3,
 * every permission) calls the route naming it. `fields` are the id fields the request fills with the victim's values.
 */
export interface AuthorisationCase {
  fields: readonly string[];
  victim: Victim;
  /** Makes the victim's object(s) and returns the ids the attack names. */
  prepare(b: BatteryApp): Promise<Record<string, string>>;
  /** The attacker's request data. */
  data(b: BatteryApp, ids: Record<string, string>): unknown;
  /** The attacker's session when it is not DEMO3's signed-in one. */
  cookie?(b: BatteryApp): Promise<string>;
  /**
   * The expected answer: a refusal code, with the data when the spec answers a refusal inside infoID "0"; "0" alone
   * where the call ignores the id (the victim's rows must still be unchanged).
   */
  answer: { infoID: string; data?: unknown };
}

/** Id fields that name no object of a client, with the reason. Keys: 'path field' or '* field' for every route. */
export const NOT_CLIENT_OBJECTS: Record<string, string> = {
  '* sym.id': 'an instrument id: public market data, the same for every client',
  '* symGroup.[].id': 'an instrument id: public market data, the same for every client',
  '/Account/Login userId':
    'the account signing in, by a caller without a session: guarded by the password, lockout and rate limits (auth-abuse.test.ts)',
  '/Account/VerifyPAN userId':
    'the account being recovered, by a caller without a session: guarded by PAN/TPIN and rate limits',
  '/Account/GenerateOTP userId':
    'the account being recovered, by a caller without a session: guarded by the verified PAN step and rate limits',
  '/Account/VerifyOTP userId':
    'the account being recovered: guarded by the OTP (single use, attempts, expiry: auth-abuse.test.ts)',
  '/Account/ResetPassword userId': 'the account being recovered: guarded by the one-time reset token of the OTP step',
  '/Account/UnlockAccount userId': 'the account being recovered: guarded by the one-time reset token of the OTP step',
  '/Dormant/DormantCheck userId':
    'the dormant account being reactivated, by a caller without a session: guarded by the OTP and rate limits',
  '/Dormant/RegenerateOTP userId': 'the dormant account being reactivated: the OTP goes to its own registered mobile',
  '/Dormant/VerifyOTP userId': 'the dormant account being reactivated: guarded by the OTP',
  '/PaymentGateway/Transaction atomTokenID':
    'the unguessable token of a payment link (the capability itself); public pages, no client session',
  '/PaymentGateway/Transaction merchID': "the broker's merchant id at the payment provider, not a client's",
  '/PaymentGateway/Complete atomTokenID':
    'the unguessable token of a payment link (the capability itself); public pages, no client session',
  '/PaymentGateway/Complete merchID': "the broker's merchant id at the payment provider, not a client's",
  '/Edis/Submit symbolId': 'an instrument id: public market data',
  '/Business/SubscriptionReq planId':
    "ids of plans on offer (the broker's catalogue, the same for every client) with modes; the plan changed is the session client's own",
  '/Edis/Submit exchangeId': 'an exchange code',
  '/Watchlist/UpdateFavourite favId': "a favourite slot number ('0', '1', '2'), not an object",
  '/Chart/GetChartPreferences chartId':
    "a chart slot number ('1' to '4') of the caller's own charts, read by the session's client id only",
  '/Chart/ChartPreferences chartId':
    "a chart slot number ('1' to '4') of the caller's own charts, saved by the session's client id only",
  '/Chart/ChartPreferences charts.symObj.id': 'an instrument id: public market data, the same for every client',
  '/Chart/ChartPreferences charts.preference.layout.comparisons.[].id':
    'an instrument id: public market data, the same for every client',
};

/** A cut-off bid in SAHYADRI naming DEMO1's demat and PAN (ids of victimIpoBid), sent as `userId`. */
function ipoBidOf(ids: Record<string, string>, userId: string): Record<string, unknown> {
  const demat = {
    clientName: userId,
    pan: ids.pan!,
    dpId: ids.dpId!,
    depository: 'CDSL' as const,
    clientBenId: ids.clientBenId!,
  };
  return cutOffBid(demat, { bidRefNum: ids.bidRefNum ?? '', upi: 'victim@okicici' });
}

/** DEMO1's live IPO application (one cut-off bid), and the ids of it and of DEMO1's demat. */
async function victimIpoBid(b: BatteryApp): Promise<Record<string, string>> {
  const { rows } = await b.t.db.query<{ dp_id: string; dp_account: string; pan: string }>(
    `SELECT d.dp_id, d.dp_account, c.pan FROM demat_accounts d JOIN clients c ON c.id = d.client_id
      WHERE c.user_id = 'DEMO1' ORDER BY d.id LIMIT 1`,
  );
  const demat = { dpId: rows[0]!.dp_id, clientBenId: rows[0]!.dp_account, pan: rows[0]!.pan };
  const placed = await b.t.call<{ applicationNumber: string; bids: { bidReferenceNumber: string }[] }>(
    '/IPO/AddIPO',
    ipoBidOf(demat, 'DEMO1'),
    { cookie: b.cookies.DEMO1 },
  );
  if (placed.infoID !== '0') {
    // A case run before this one placed it already: name the live application.
    const book = await b.t.call<{
      data: { applicationNumber: string; symbol: string; bids: { bidReferenceNumber: string }[] }[];
    }>(
      '/IPO/OrderBook',
      { selectedFromDate: '01/01/2020', selectedToDate: todaySlash(b) },
      { cookie: b.cookies.DEMO1 },
    );
    const live = book.data.data.find((o) => o.symbol === 'SAHYADRI');
    if (!live) throw new Error(`DEMO1's IPO bid failed: ${placed.infoMsg}`);
    return { ...demat, applicationNumber: live.applicationNumber, bidRefNum: live.bids[0]!.bidReferenceNumber };
  }
  return {
    ...demat,
    applicationNumber: placed.data.applicationNumber,
    bidRefNum: placed.data.bids[0]!.bidReferenceNumber,
  };
}

/** The id fund transfer calls name DEMO1's linked bank by (its demat account's id). */
async function victimBank(b: BatteryApp): Promise<Record<string, string>> {
  const banks = await b.t.call<{ banks: { bankId: string }[] }>(
    '/FundTransfer/GetBankDetails',
    {},
    { cookie: b.cookies.DEMO1 },
  );
  return { bankId: banks.data.banks[0]!.bankId };
}

/** Today (IST, by the app's clock) as dd/mm/yyyy. */
function todaySlash(b: BatteryApp): string {
  const [y, m, d] = isoDate(istDay(b.t.app.clock.now())).split('-');
  return `${d}/${m}/${y}`;
}

async function victimOrder(b: BatteryApp): Promise<Record<string, string>> {
  const placed = await b.t.call<{ orderId: string }>('/Trade/AddOrder', b.restingOrder('TCS-EQ'), {
    cookie: b.cookies.DEMO1,
  });
  if (placed.infoID !== '0') throw new Error(`victim order refused: ${placed.infoMsg}`);
  return { orderId: placed.data.orderId };
}

/** NIFTY's nearest calendar spread. */
const nearSpread = (b: BatteryApp) =>
  b.sym('NFO', nearestContract(b.t.app.marketRuntime.market, 'NFO', 'NIFTY', 'FUTIDXSPR').trSymbol);

async function victimSpread(b: BatteryApp): Promise<Record<string, string>> {
  const sym = nearSpread(b);
  const spread = b.t.app.marketRuntime.market.registry.byId(sym.id)!;
  const placed = await b.t.call<{ orderId: string }>(
    '/Trade/AddSpreadOrder',
    spreadOf(b, { qty: String(spread.lot) }),
    { cookie: b.cookies.DEMO1 },
  );
  if (placed.infoID !== '0') throw new Error(`victim spread refused: ${placed.infoMsg}`);
  return { orderId: placed.data.orderId, lot: String(spread.lot) };
}

function spreadOf(b: BatteryApp, fields: Record<string, unknown>): Record<string, unknown> {
  const sym = nearSpread(b);
  return {
    sym,
    limitPrice: '0',
    priceDiff: '-12.50',
    ordType: 'limit',
    prdType: 'CARRY FORWARD',
    ordAction: 'B',
    ordAction2: 'S',
    ...fields,
  };
}

async function victimWatchlist(b: BatteryApp): Promise<Record<string, string>> {
  const groups = await b.t.call<{ groups: { id: string; name: string }[] }>(
    '/Watchlist/ListGroups',
    {},
    { cookie: b.cookies.DEMO1 },
  );
  const group = groups.data.groups[0];
  if (!group) throw new Error('victim has no watchlist');
  await b.t.call(
    '/Watchlist/AddSymbol',
    { watchId: group.id, sym: b.sym('NSE', 'SBIN-EQ') },
    { cookie: b.cookies.DEMO1 },
  );
  return { watchId: group.id, name: group.name };
}

function basketLineOf(b: BatteryApp, basketId: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return basketLinePayload(b.sym('NSE', 'SBIN-EQ'), basketId, fields);
}

async function victimBasket(b: BatteryApp): Promise<Record<string, string>> {
  const name = `V${Math.random().toString(36).slice(2, 8)}`;
  const basket = await b.t.call<{ id: string }>('/Basket/AddBasket', { name }, { cookie: b.cookies.DEMO1 });
  if (basket.infoID !== '0') throw new Error(`victim basket refused: ${basket.infoMsg}`);
  const line = await b.t.call<{ BASKET_SYMBOL_ID: string }>(
    '/Basket/AddBasketSymbol',
    basketLineOf(b, basket.data.id),
    {
      cookie: b.cookies.DEMO1,
    },
  );
  if (line.infoID !== '0') throw new Error(`victim basket line refused: ${line.infoMsg}`);
  return { id: basket.data.id, uniqueId: line.data.BASKET_SYMBOL_ID };
}

type Data = AuthorisationCase['data'];

/** Cases on an object DEMO1 owns, refused with the code of its kind. */
const onOrder = (fields: string[], data: Data): AuthorisationCase => ({
  fields,
  victim: 'DEMO1',
  prepare: victimOrder,
  data,
  answer: { infoID: 'ORD001' },
});
const onWatchlist = (fields: string[], data: Data): AuthorisationCase => ({
  fields,
  victim: 'DEMO1',
  prepare: victimWatchlist,
  data,
  answer: { infoID: 'EGN005' },
});
const onBasket = (fields: string[], data: Data, prepare = victimBasket): AuthorisationCase => ({
  fields,
  victim: 'DEMO1',
  prepare,
  data,
  answer: { infoID: 'EGN005' },
});
/** Another client's id where the session's own is expected (login OTP, ForgotTPIN). */
const namingDemo1 = (field: string, data: Data, cookie?: AuthorisationCase['cookie']): AuthorisationCase => ({
  fields: [field],
  victim: 'DEMO1',
  prepare: async () => ({ [field]: 'DEMO1' }),
  data,
  ...(cookie ? { cookie } : {}),
  answer: { infoID: 'ACC019' },
});

/** One case per id-taking route: a route that matches the rule without a case here fails the walker. */
/** DEMO1's demat (beneficiary id), and the reference of an NSDL pledge request of DEMO1's, made in SQL. */
async function victimPledge(b: BatteryApp): Promise<Record<string, string>> {
  const { rows } = await b.t.db.query<{ dp_account: string; unique_no: string }>(
    `INSERT INTO pledge_requests (client_id, demat_account_id, req_type, channel, source, unique_no, status)
     SELECT d.client_id, d.id, 'PLEDGE', 'NSDL', 'W', nextval('pledge_unique_no')::text, 'SUCCESS'
       FROM demat_accounts d JOIN clients c ON c.id = d.client_id WHERE c.user_id = 'DEMO1' ORDER BY d.id LIMIT 1
     RETURNING unique_no, (SELECT dp_account FROM demat_accounts WHERE id = demat_account_id) AS dp_account`,
  );
  return { demat: rows[0]!.dp_account, requestReference: `W${rows[0]!.unique_no}` };
}

const TCS_PLEDGE = { symbol: 'TCS', isin: 'INE467B01029' };

/** A pledge call naming DEMO1 (its user id or demat): refused as not the caller's (PLG003). */
const onPledge = (fields: string[], data: Data): AuthorisationCase => ({
  fields,
  victim: 'DEMO1',
  prepare: victimPledge,
  data,
  answer: { infoID: 'PLG003' },
});

export const AUTHORISATION_CASES: Record<string, AuthorisationCase> = {
  '/Account/Login/SendOTP': namingDemo1('userid', (_b, ids) => ({ userid: ids.userid }), otpPendingCookie),
  '/Account/Login/ValidateOTP': namingDemo1(
    'userid',
    (_b, ids) => ({ userid: ids.userid, otp: '1234' }),
    otpPendingCookie,
  ),
  '/Client/ForgotTPIN': namingDemo1('clientId', (_b, ids) => ({ clientId: ids.clientId, source: 'W' })),
  '/Edis/Submit': {
    fields: ['clientId', 'clientId1', 'dpId'],
    victim: 'DEMO2',
    prepare: async (b) => {
      const { rows } = await b.t.db.query<{ dp_id: string }>(
        "SELECT d.dp_id FROM demat_accounts d JOIN clients c ON c.id = d.client_id WHERE c.user_id = 'DEMO2'",
      );
      return { clientId: 'DEMO2', dpId: rows[0]!.dp_id };
    },
    data: (b, ids) => ({
      dpId: ids.dpId,
      clientId: ids.clientId,
      symbolId: b.sym('NSE', 'SBIN-EQ').id,
      exchangeId: 'NSE',
      companyName: 'State Bank of India',
      source: 'W',
      appKey: 'EDISDEMO2',
      appName: 'KITE',
      reqType: 'DEFAULT_REQ',
      clientId1: ids.clientId,
      quantity: '10',
    }),
    answer: { infoID: 'POR005' },
  },
  // AddOrder shares the modify payload's optional orderId and ignores it: always a new order of the session.
  '/Trade/AddOrder': {
    ...onOrder(['orderId'], (b, ids) => b.restingOrder('TCS-EQ', { orderId: ids.orderId, qty: '5' })),
    answer: { infoID: '0' },
  },
  '/Trade/ModifyOrder': onOrder(['orderId'], (b, ids) => b.restingOrder('TCS-EQ', { orderId: ids.orderId, qty: '2' })),
  '/Trade/CancelOrder': onOrder(['orderId', 'nestRequestId'], (b, ids) => ({
    sym: b.sym('NSE', 'TCS-EQ'),
    orderId: ids.orderId,
    nestRequestId: ids.orderId,
  })),
  '/Trade/ExitCoverOrder': onOrder(['orderId'], (_b, ids) => ({ orderId: ids.orderId })),
  '/Trade/ExitBracketOrder': onOrder(['orderId', 'syomOrderId'], (_b, ids) => ({
    orderId: ids.orderId,
    syomOrderId: ids.orderId,
    boStatus: 'OPEN',
  })),
  '/Trade/AddSpreadOrder': {
    ...onOrder(['orderId', 'nestRequestId'], (b, ids) =>
      spreadOf(b, { orderId: ids.orderId, nestRequestId: ids.orderId, qty: String(Number(ids.lot) * 2) }),
    ),
    prepare: victimSpread,
  },
  '/Order/OrderLog': onOrder(['orderId'], (_b, ids) => ({ orderId: ids.orderId })),
  // The standalone viewer's client id: DEMO3, with its own password, names DEMO1.
  '/Client/PortFolio': {
    fields: ['client_id'],
    victim: 'DEMO1',
    prepare: async () => ({ client_id: 'DEMO1' }),
    data: (_b, ids) => ({ isCustomized: '1', password: DEMO_PASSWORD, client_id: ids.client_id }),
    answer: { infoID: 'POR008' },
  },
  // DEMO1 holds RELIANCE (and trades it today); DEMO3 holds none: naming it shows nothing of DEMO1's.
  '/Business/TradeHistory': {
    fields: ['uniqueId'],
    victim: 'DEMO1',
    prepare: async (b) => {
      const reliance = nseEquity(b.t, 'RELIANCE');
      await applyTrade(b.t.db, await clientIdOf(b.t.db, 'DEMO1'), reliance, 'CASH', 'BUY', 3, 141_000);
      return { uniqueId: reliance.id };
    },
    data: (_b, ids) => ({ segment: 'Equity', uniqueId: ids.uniqueId }),
    answer: { infoID: 'POR007' },
  },
  '/Account/TransferPosition': {
    fields: ['sym'],
    victim: 'DEMO1',
    prepare: async (b) => {
      const tcs = nseEquity(b.t, 'TCS');
      await applyTrade(b.t.db, await clientIdOf(b.t.db, 'DEMO1'), tcs, 'INTRADAY', 'BUY', 4, 300_000);
      return {};
    },
    data: (b) => ({ sym: b.sym('NSE', 'TCS-EQ'), qty: 2, fromPOS: 'INTRADAY', toPOS: 'CASH', ordAction: 'buy' }),
    answer: {
      infoID: '0',
      data: { result: { status: 'false', message: 'No open position in this product to transfer' } },
    },
  },
  '/Watchlist/UpdateGroup': onWatchlist(['watchId'], (_b, ids) => ({ watchId: ids.watchId, name: 'Taken' })),
  '/Watchlist/DeleteGroup': onWatchlist(['watchGroup', 'watchGroup.[].watchId'], (_b, ids) => ({
    watchGroup: [{ name: ids.name, watchId: ids.watchId }],
  })),
  '/Watchlist/AddSymbol': onWatchlist(['watchId'], (b, ids) => ({ watchId: ids.watchId, sym: b.sym('NSE', 'ITC-EQ') })),
  '/Watchlist/DeleteSymbol': onWatchlist(['watchId'], (b, ids) => ({
    watchId: ids.watchId,
    symGroup: [b.sym('NSE', 'SBIN-EQ')],
  })),
  '/Watchlist/ListSymbols': onWatchlist(['id'], (_b, ids) => ({ id: ids.watchId })),
  '/Watchlist/UpdateFavourite': onWatchlist(['watchId'], (_b, ids) => ({ watchId: ids.watchId, favId: '1' })),
  '/Basket/RenameBasket': onBasket(['id'], (_b, ids) => ({ id: ids.id, name: 'Taken' })),
  '/Basket/DeleteBasket': onBasket(['id'], (_b, ids) => ({ id: ids.id })),
  '/Basket/GetBasketSymbolList': onBasket(['id'], (_b, ids) => ({ id: ids.id })),
  '/Basket/ExecutionLog': onBasket(['id'], (_b, ids) => ({ id: ids.id })),
  '/Basket/ExecuteBasket': onBasket(
    ['id'],
    (_b, ids) => ({ id: ids.id }),
    async (b) => {
      // With no basket of its own the attacker would be answered "You don't have any basket." before the id is read.
      await b.t.call(
        '/Basket/AddBasket',
        { name: `A${Math.random().toString(36).slice(2, 8)}` },
        { cookie: b.cookies.DEMO3 },
      );
      return victimBasket(b);
    },
  ),
  '/Basket/DeleteBasketSymbols': onBasket(['id'], (_b, ids) => ({ id: [ids.uniqueId] })),
  // DEMO3 names DEMO1's application, bids and demat: the demat is checked first and is not DEMO3's.
  '/IPO/AddIPO': {
    fields: ['applicationNumber', 'bidRefNum', 'bidRefNum2', 'bidRefNum3', 'clientBenId', 'dpId'],
    victim: 'DEMO1',
    prepare: victimIpoBid,
    data: (_b, ids) => ({
      ...ipoBidOf(ids, 'DEMO3'),
      activityType: 'modify',
      applicationNumber: ids.applicationNumber,
    }),
    answer: { infoID: 'IPO005' },
  },
  '/IPO/ValidateDematAcc': {
    fields: ['dematAcc'],
    victim: 'DEMO1',
    prepare: victimIpoBid,
    data: (_b, ids) => ({ dematAcc: ids.clientBenId }),
    answer: { infoID: '0', data: { data: false } },
  },
  // DEMO3 names DEMO1's bank (the id of DEMO1's demat account) or DEMO1's transfers by reference.
  '/FundTransfer/PlacePayInRequest': {
    fields: ['bankId'],
    victim: 'DEMO1',
    prepare: victimBank,
    data: (_b, ids) => ({ bankId: ids.bankId, amount: '100', mode: 'UPI' }),
    answer: { infoID: 'FND001' },
  },
  '/FundTransfer/PlacePayOutRequest': {
    fields: ['bankId'],
    victim: 'DEMO1',
    prepare: victimBank,
    data: (_b, ids) => ({ bankId: ids.bankId, amount: '100' }),
    answer: { infoID: 'FND001' },
  },
  '/FundTransfer/CancelPayoutRequest': {
    fields: ['reference'],
    victim: 'DEMO1',
    prepare: async (b) => {
      const { bankId } = await victimBank(b);
      const placed = await b.t.call<{ payout: { reference: string } }>(
        '/FundTransfer/PlacePayOutRequest',
        { bankId, amount: '100' },
        { cookie: b.cookies.DEMO1 },
      );
      return { reference: placed.data.payout.reference };
    },
    data: (_b, ids) => ({ reference: ids.reference }),
    answer: { infoID: 'FND005' },
  },
  '/Gateway/RazorPay': {
    fields: ['reference'],
    victim: 'DEMO1',
    prepare: async (b) => {
      const { bankId } = await victimBank(b);
      const placed = await b.t.call<{ reference: string }>(
        '/FundTransfer/PlacePayInRequest',
        { bankId, amount: '100', mode: 'UPI' },
        { cookie: b.cookies.DEMO1, headers: { 'x-app-id': 'battery' } },
      );
      return { reference: placed.data.reference };
    },
    data: (_b, ids) => ({ reference: ids.reference }),
    answer: { infoID: 'FND005' },
  },
  '/Pledge/Detail': onPledge(['clientId'], () => ({ tab: 'PLEDGE', clientId: 'DEMO1' })),
  '/Pledge/DetailV2': onPledge(['clientId'], () => ({ tab: 'UNPLEDGE', clientId: 'DEMO1' })),
  '/Pledge/Request': onPledge(['demat'], (_b, ids) => ({
    symbolArr: [{ ...TCS_PLEDGE, segment: 'NSE', qty: 1 }],
    demat: ids.demat,
    req_type: 'UNPLEDGE',
  })),
  '/Pledge/Online/CDSL': onPledge(['clientId', 'demat'], (_b, ids) => ({
    clientId: 'DEMO1',
    source: 'W',
    demat: ids.demat,
    reqType: 'PLEDGE',
    secDtls: [{ ...TCS_PLEDGE, value: '10', quantity: '1' }],
  })),
  // Another client's reference reads as one not (yet) known: the status tells nothing of it.
  '/Pledge/Online/NSDL': {
    fields: ['requestReference'],
    victim: 'DEMO1',
    prepare: victimPledge,
    data: (_b, ids) => ({ requestFor: 'requestStatusCheck', requestReference: ids.requestReference }),
    answer: { infoID: '0', data: { pledgeStatus: 'NOT_FOUND', Message: '', pledgeSymbolArray: '[]', uniqueNo: '' } },
  },
  '/Exchange/PledgeUnpledge': onPledge(['symbols.[].demat', 'userId'], (_b, ids) => ({
    reqType: 'EPLEDGE',
    userId: 'DEMO1',
    symbols: [{ ...TCS_PLEDGE, demat: ids.demat, segments: [{ name: 'CM', quantity: 1 }] }],
  })),
  '/Basket/AddBasketSymbol': onBasket(['id'], (b, ids) => basketLineOf(b, ids.id!)),
  '/Basket/ModifyBasketSymbol': onBasket(['id', 'uniqueId'], (b, ids) =>
    basketLineOf(b, ids.id!, { uniqueId: ids.uniqueId, qty: '1' }),
  ),
};

/** A session of DEMO3 that has passed the password and waits for its login OTP. */
async function otpPendingCookie(b: BatteryApp): Promise<string> {
  await b.t.db.query("UPDATE clients SET login_with_otp = true WHERE user_id = 'DEMO3'");
  try {
    const login = await b.t.call('/Account/Login', { userId: 'DEMO3', password: DEMO_PASSWORD });
    if (login.infoID !== '0' || !login.setCookie) throw new Error(`DEMO3 login refused: ${login.infoMsg}`);
    return login.setCookie;
  } finally {
    await b.t.db.query("UPDATE clients SET login_with_otp = false WHERE user_id = 'DEMO3'");
  }
}
