import type { IpoBidStatus, IpoCategory } from '@kite/domain';
import type { Queryable } from '../../db/pool.ts';

/** SQL of IPO bidding (`0015_ipo.sql`); everything a client owns is read and written by the session's client id. */

export interface IssueRow {
  symbol: string;
  name: string;
  issue_type: string;
  /** yyyy-mm-dd (IST dates). */
  bidding_start: string;
  bidding_end: string;
  daily_start: string;
  daily_end: string;
  issue_size_paise: number;
  min_price_paise: number;
  max_price_paise: number;
  cut_off_price_paise: number;
  tick_size_paise: number;
  lot_size: number;
  min_bid_quantity: number;
  min_investment_paise: number;
  max_investment_paise: number;
  discount_paise: number;
  categories: IpoCategory[];
  prospectus: string;
  /** Whether the client has a live application on the issue (isBidPlaced). */
  bid_placed: boolean;
}

const ISSUE_COLUMNS = `i.symbol, i.name, i.issue_type, to_char(i.bidding_start, 'YYYY-MM-DD') AS bidding_start,
  to_char(i.bidding_end, 'YYYY-MM-DD') AS bidding_end, i.daily_start, i.daily_end, i.issue_size_paise AS issue_size_paise,
  i.min_price_paise AS min_price_paise, i.max_price_paise AS max_price_paise,
  i.cut_off_price_paise AS cut_off_price_paise, i.tick_size_paise AS tick_size_paise, i.lot_size,
  i.min_bid_quantity, i.min_investment_paise AS min_investment_paise,
  i.max_investment_paise AS max_investment_paise, i.discount_paise AS discount_paise, i.categories,
  i.prospectus,
  EXISTS (SELECT 1 FROM ipo_applications a WHERE a.issue_symbol = i.symbol AND a.client_id = $1 AND a.active) AS bid_placed`;

/** Issues open on `day` (ongoing) or opening after it (upcoming), soonest closing first. */
export async function listIssues(
  q: Queryable,
  clientId: number,
  tab: 'ongoing' | 'upcoming',
  day: string,
): Promise<IssueRow[]> {
  const where =
    tab === 'ongoing' ? 'i.bidding_start <= $2::date AND i.bidding_end >= $2::date' : 'i.bidding_start > $2::date';
  const { rows } = await q.query<IssueRow>(
    `SELECT ${ISSUE_COLUMNS} FROM ipo_issues i WHERE ${where} ORDER BY i.bidding_end, i.bidding_start, i.symbol`,
    [clientId, day],
  );
  return rows;
}

export async function findIssue(q: Queryable, clientId: number, symbol: string): Promise<IssueRow | null> {
  const { rows } = await q.query<IssueRow>(`SELECT ${ISSUE_COLUMNS} FROM ipo_issues i WHERE i.symbol = $2`, [
    clientId,
    symbol,
  ]);
  return rows[0] ?? null;
}

export interface DematRow {
  id: number;
  dp_type: 'CDSL' | 'NSDL';
  dp_id: string;
  dp_account: string;
  bank_name: string | null;
  bank_account: string | null;
  client_name: string;
  pan: string;
}

export async function listDemats(q: Queryable, clientId: number): Promise<DematRow[]> {
  const { rows } = await q.query<DematRow>(
    `SELECT d.id::int AS id, d.dp_type, d.dp_id, d.dp_account, d.bank_name, d.bank_account, c.name AS client_name, c.pan
       FROM demat_accounts d JOIN clients c ON c.id = d.client_id WHERE d.client_id = $1 ORDER BY d.id`,
    [clientId],
  );
  return rows;
}

export interface BidRow {
  slot: number;
  bid_reference: string;
  at_cut_off: boolean;
  lots: number;
  quantity: number;
  price_paise: number;
  activity: IpoBidStatus;
}

export interface ApplicationRow {
  id: number;
  application_number: string;
  issue_symbol: string;
  category: IpoCategory;
  upi: string;
  active: boolean;
  allotment_status: string;
  allotment_qty: number;
  created_at: Date;
  updated_at: Date;
  demat_account_id: number;
}

const APPLICATION_COLUMNS = `a.id::int AS id, a.application_number, a.issue_symbol, a.category, a.upi, a.active,
  a.allotment_status, a.allotment_qty, a.created_at, a.updated_at, a.demat_account_id::int AS demat_account_id`;

/** The client's application by its number, locked for the change when `forUpdate`; null when it is not theirs. */
export async function findApplication(
  q: Queryable,
  clientId: number,
  applicationNumber: string,
  forUpdate = false,
): Promise<ApplicationRow | null> {
  const { rows } = await q.query<ApplicationRow>(
    `SELECT ${APPLICATION_COLUMNS} FROM ipo_applications a WHERE a.client_id = $1 AND a.application_number = $2
     ${forUpdate ? 'FOR UPDATE' : ''}`,
    [clientId, applicationNumber],
  );
  return rows[0] ?? null;
}

export async function bidsOf(q: Queryable, applicationIds: readonly number[]): Promise<Map<number, BidRow[]>> {
  const { rows } = await q.query<BidRow & { application_id: number }>(
    `SELECT application_id::int AS application_id, slot, bid_reference, at_cut_off, lots, quantity,
            price_paise AS price_paise, activity
       FROM ipo_bids WHERE application_id = ANY($1::bigint[]) ORDER BY application_id, slot`,
    [applicationIds],
  );
  const byApplication = new Map<number, BidRow[]>();
  for (const { application_id, ...bid } of rows) {
    byApplication.set(application_id, [...(byApplication.get(application_id) ?? []), bid]);
  }
  return byApplication;
}

export interface NewApplication {
  clientId: number;
  symbol: string;
  dematAccountId: number;
  category: IpoCategory;
  upi: string;
  now: Date;
}

/** Inserts a live application; null when the client already has a live one on the issue (the unique index). */
export async function insertApplication(q: Queryable, a: NewApplication): Promise<ApplicationRow | null> {
  const { rows } = await q.query<ApplicationRow>(
    `INSERT INTO ipo_applications AS a (application_number, client_id, issue_symbol, demat_account_id, category, upi,
       created_at, updated_at)
     VALUES ('IPO' || nextval('ipo_application_number_seq'), $1, $2, $3, $4, $5, $6, $6)
     ON CONFLICT (client_id, issue_symbol) WHERE active DO NOTHING
     RETURNING ${APPLICATION_COLUMNS}`,
    [a.clientId, a.symbol, a.dematAccountId, a.category, a.upi, a.now],
  );
  return rows[0] ?? null;
}

export interface BidValues {
  slot: number;
  atCutOff: boolean;
  lots: number;
  quantity: number;
  pricePaise: number;
}

/** A new bid in a slot with a fresh bid reference number (yyyymmdd of the IST day and a running number). */
export async function insertBid(q: Queryable, applicationId: number, bid: BidValues, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO ipo_bids (application_id, slot, bid_reference, at_cut_off, lots, quantity, price_paise, activity, updated_at)
     VALUES ($1, $2, to_char($7::timestamptz AT TIME ZONE 'Asia/Kolkata', 'YYYYMMDD') || nextval('ipo_bid_reference_seq'),
             $3, $4, $5, $6, 'Ordered', $7)
     ON CONFLICT (application_id, slot) DO UPDATE
       SET bid_reference = EXCLUDED.bid_reference, at_cut_off = EXCLUDED.at_cut_off, lots = EXCLUDED.lots,
           quantity = EXCLUDED.quantity, price_paise = EXCLUDED.price_paise, activity = 'Ordered',
           updated_at = EXCLUDED.updated_at`,
    [applicationId, bid.slot, bid.atCutOff, bid.lots, bid.quantity, bid.pricePaise, now],
  );
}

export async function modifyBid(q: Queryable, applicationId: number, bid: BidValues, now: Date): Promise<void> {
  await q.query(
    `UPDATE ipo_bids SET at_cut_off = $3, lots = $4, quantity = $5, price_paise = $6, activity = 'Modified', updated_at = $7
      WHERE application_id = $1 AND slot = $2`,
    [applicationId, bid.slot, bid.atCutOff, bid.lots, bid.quantity, bid.pricePaise, now],
  );
}

export async function cancelBid(q: Queryable, applicationId: number, slot: number, now: Date): Promise<void> {
  await q.query(`UPDATE ipo_bids SET activity = 'Cancelled', updated_at = $3 WHERE application_id = $1 AND slot = $2`, [
    applicationId,
    slot,
    now,
  ]);
}

/** After a change: live while one bid is not cancelled (investing.md 4 "IPO"), and stamped with the change's time. */
export async function touchApplication(q: Queryable, applicationId: number, now: Date): Promise<void> {
  await q.query(
    `UPDATE ipo_applications a SET updated_at = $2,
       active = EXISTS (SELECT 1 FROM ipo_bids b WHERE b.application_id = a.id AND b.activity <> 'Cancelled')
     WHERE a.id = $1`,
    [applicationId, now],
  );
}

/**
 * The basis of allotment (T+1, market-facts.md 7): live applications of issues whose bidding ended before `day` get
 * their result once, for the asking client when they read their order book. Oversubscribed retail books are allotted
 * by lottery, one minimum lot a winner; the draw here is a hash of the application number, the same on every run.
 */
export async function allotClosedIssues(q: Queryable, clientId: number, day: string): Promise<void> {
  await q.query(
    `UPDATE ipo_applications a
        SET allotment_status = CASE WHEN abs(hashtext(a.application_number)) % 3 <> 0 THEN 'Alloted' ELSE 'Not Alloted' END,
            allotment_qty = CASE WHEN abs(hashtext(a.application_number)) % 3 <> 0 THEN i.min_bid_quantity ELSE 0 END
       FROM ipo_issues i
      WHERE i.symbol = a.issue_symbol AND a.client_id = $2 AND a.active AND a.allotment_status = ''
        AND i.bidding_end < $1::date`,
    [day, clientId],
  );
}

export interface OrderBookRow extends ApplicationRow {
  name: string;
  client_name: string;
  pan: string;
  dp_type: 'CDSL' | 'NSDL';
  dp_id: string;
  dp_account: string;
  lot_size: number;
  issue_type: string;
  bidding_end: string;
  daily_start: string;
  daily_end: string;
  discount_paise: number;
}

/** The client's applications made between two IST days (inclusive), newest first. */
export async function listApplications(
  q: Queryable,
  clientId: number,
  from: string,
  to: string,
): Promise<OrderBookRow[]> {
  const { rows } = await q.query<OrderBookRow>(
    `SELECT ${APPLICATION_COLUMNS}, i.name, c.name AS client_name, c.pan, d.dp_type, d.dp_id, d.dp_account, i.lot_size,
            i.issue_type, to_char(i.bidding_end, 'YYYY-MM-DD') AS bidding_end, i.daily_start, i.daily_end,
            i.discount_paise AS discount_paise
       FROM ipo_applications a
       JOIN ipo_issues i ON i.symbol = a.issue_symbol
       JOIN clients c ON c.id = a.client_id
       JOIN demat_accounts d ON d.id = a.demat_account_id
      WHERE a.client_id = $1 AND (a.created_at AT TIME ZONE 'Asia/Kolkata')::date BETWEEN $2::date AND $3::date
      ORDER BY a.created_at DESC, a.id DESC`,
    [clientId, from, to],
  );
  return rows;
}
