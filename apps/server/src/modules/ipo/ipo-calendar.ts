import { isoDate } from '@kite/exchange';
import { parseScaled, type IpoCategory } from '@kite/domain';
import type { Queryable } from '../../db/pool.ts';

/**
 * The simulated market's IPO calendar (investing.md 2 "IPO", 3 "IPO"): mainboard issues dated around the IST day, so
 * there are always issues open for bids, a few upcoming and one closed with its allotment done. Companies are
 * fictitious; sizes, bands, lots and the ₹2 lakh retail cap follow market-facts.md 7.
 */

interface IssueTemplate {
  symbol: string;
  name: string;
  type: 'Book Built' | 'Fixed Price';
  /** Bidding start and end, in days from the anchor day (today when dated). */
  opens: number;
  closes: number;
  issueSizeCrore: number;
  /** Rupees; a fixed-price issue has one price and no tick size. */
  minPrice: number;
  maxPrice: number;
  tick: number;
  lotSize: number;
  discount: number;
  categories: IpoCategory[];
}

/** Retail individual bids are capped at ₹2,00,000 per application (market-facts.md 7). */
const RETAIL_CAP_PAISE = 2_00_000_00;

export const IPO_DAILY_START = '10:00';
export const IPO_DAILY_END = '17:00';

const TEMPLATES: readonly IssueTemplate[] = [
  {
    symbol: 'SAHYADRI',
    name: 'Sahyadri Renewables Ltd',
    type: 'Book Built',
    opens: -1,
    closes: 1,
    issueSizeCrore: 1250,
    minPrice: 285,
    maxPrice: 300,
    tick: 1,
    lotSize: 50,
    discount: 0,
    categories: ['IND', 'EMP'],
  },
  {
    symbol: 'NARMADAFIN',
    name: 'Narmada Fintech Ltd',
    type: 'Book Built',
    opens: 0,
    closes: 2,
    issueSizeCrore: 842.5,
    minPrice: 108,
    maxPrice: 114,
    tick: 1,
    lotSize: 131,
    discount: 5,
    categories: ['IND', 'SHA', 'POL'],
  },
  {
    symbol: 'KONKANCHEM',
    name: 'Konkan Speciality Chemicals Ltd',
    type: 'Fixed Price',
    opens: -2,
    closes: 0,
    issueSizeCrore: 95.4,
    minPrice: 72,
    maxPrice: 72,
    tick: 0,
    lotSize: 200,
    discount: 0,
    categories: ['IND'],
  },
  {
    symbol: 'DECCANLOG',
    name: 'Deccan Logistics Ltd',
    type: 'Book Built',
    opens: 3,
    closes: 5,
    issueSizeCrore: 2100,
    minPrice: 412,
    maxPrice: 433,
    tick: 1,
    lotSize: 34,
    discount: 0,
    categories: ['IND', 'EMP'],
  },
  {
    symbol: 'HIMAGRO',
    name: 'Himalaya Agro Foods Ltd',
    type: 'Book Built',
    opens: 6,
    closes: 8,
    issueSizeCrore: 380.75,
    minPrice: 56,
    maxPrice: 59,
    tick: 1,
    lotSize: 254,
    discount: 0,
    categories: ['IND'],
  },
  {
    symbol: 'VINDHYA',
    name: 'Vindhya Cables Ltd',
    type: 'Book Built',
    opens: -7,
    closes: -5,
    issueSizeCrore: 640,
    minPrice: 210,
    maxPrice: 221,
    tick: 1,
    lotSize: 67,
    discount: 0,
    categories: ['IND', 'EMP'],
  },
];

/** The closed issue on which DEMO1 has an application with its allotment, so the Order Book shows one. */
const CLOSED_DEMO_SYMBOL = 'VINDHYA';

/** Exact: the templates' figures are decimal literals, read as text rather than multiplied in binary floating point. */
const scaled = (value: number, decimals: number): number => {
  const units = parseScaled(String(value), decimals);
  if (units === null) throw new Error(`not a decimal with ${decimals} places: ${value}`);
  return units;
};
const paise = (rupees: number): number => scaled(rupees, 2);
/** A hundredth of a crore (10^7 rupees) is 10^7 paise. */
const CRORE_HUNDREDTH_PAISE = 10_000_000;

function issueRow(t: IssueTemplate, anchorDay: number) {
  const lotValue = t.lotSize * paise(t.maxPrice);
  const maxLots = Math.max(1, Math.floor(RETAIL_CAP_PAISE / lotValue));
  return [
    t.symbol,
    t.name,
    t.type,
    isoDate(anchorDay + t.opens),
    isoDate(anchorDay + t.closes),
    IPO_DAILY_START,
    IPO_DAILY_END,
    scaled(t.issueSizeCrore, 2) * CRORE_HUNDREDTH_PAISE,
    paise(t.minPrice),
    paise(t.maxPrice),
    paise(t.maxPrice),
    paise(t.tick),
    t.lotSize,
    t.lotSize,
    // the smallest payable: one lot at the floor price less the discount; the largest: the retail cap in whole lots
    t.lotSize * (paise(t.minPrice) - paise(t.discount)),
    maxLots * lotValue,
    paise(t.discount),
    t.categories,
    `https://www.sebi.gov.in/filings/public-issues.html?issue=${t.symbol.toLowerCase()}`,
    isoDate(anchorDay),
  ];
}

/**
 * Dates the calendar from `today` (IST day number): inserts missing issues, and re-dates every issue that nobody has
 * applied to and that was dated from another day. Issues with applications keep their dates, so a bid's issue closes,
 * gets its allotment and stays closed. Idempotent; called before the IPO calls of a new day. Touches no client's rows.
 */
export async function ensureIpoCalendar(q: Queryable, today: number): Promise<void> {
  for (const t of TEMPLATES) {
    await q.query(
      `INSERT INTO ipo_issues (symbol, name, issue_type, bidding_start, bidding_end, daily_start, daily_end,
         issue_size_paise, min_price_paise, max_price_paise, cut_off_price_paise, tick_size_paise, lot_size,
         min_bid_quantity, min_investment_paise, max_investment_paise, discount_paise, categories, prospectus, anchor_day)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
       ON CONFLICT (symbol) DO UPDATE SET bidding_start = EXCLUDED.bidding_start, bidding_end = EXCLUDED.bidding_end,
         anchor_day = EXCLUDED.anchor_day
       WHERE ipo_issues.anchor_day <> EXCLUDED.anchor_day
         AND NOT EXISTS (SELECT 1 FROM ipo_applications a WHERE a.issue_symbol = ipo_issues.symbol)`,
      issueRow(t, today),
    );
  }
}

/**
 * The demo's IPO data, from the demo seed: the calendar dated from `today`, and DEMO1's application on the closed
 * issue, made on its first bidding day at 11:15 IST at the cut-off price and allotted, so a fresh demo shows an
 * allotment result in the Order Book. Idempotent; nothing of DEMO1 when DEMO1 does not exist.
 */
export async function seedIpoDemo(q: Queryable, today: number): Promise<void> {
  await ensureIpoCalendar(q, today);
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO ipo_applications (application_number, client_id, issue_symbol, demat_account_id, category, upi,
       allotment_status, allotment_qty, created_at, updated_at)
     SELECT 'IPO' || nextval('ipo_application_number_seq'), c.id, i.symbol, d.id, 'IND', 'aarav.sharma@okhdfcbank',
            'Alloted', i.lot_size, (i.bidding_start + time '11:15') AT TIME ZONE 'Asia/Kolkata',
            (i.bidding_start + time '11:15') AT TIME ZONE 'Asia/Kolkata'
       FROM clients c JOIN ipo_issues i ON i.symbol = $1
       JOIN LATERAL (SELECT id FROM demat_accounts WHERE client_id = c.id ORDER BY id LIMIT 1) d ON true
      WHERE c.user_id = 'DEMO1'
        AND NOT EXISTS (SELECT 1 FROM ipo_applications a WHERE a.issue_symbol = i.symbol AND a.client_id = c.id)
     ON CONFLICT DO NOTHING
     RETURNING id`,
    [CLOSED_DEMO_SYMBOL],
  );
  const application = rows[0];
  if (!application) return;
  await q.query(
    `INSERT INTO ipo_bids (application_id, slot, bid_reference, at_cut_off, lots, quantity, price_paise, activity, updated_at)
     SELECT a.id, 1, to_char(a.created_at AT TIME ZONE 'Asia/Kolkata', 'YYYYMMDD') || nextval('ipo_bid_reference_seq'),
            true, 1, i.lot_size, i.cut_off_price_paise, 'Ordered', a.created_at
       FROM ipo_applications a JOIN ipo_issues i ON i.symbol = a.issue_symbol WHERE a.id = $1`,
    [application.id],
  );
}
