-- Information pages (investing.md 2 "Routes" information pages, 7 "Alerts, funds, reports, info"): the simulated
-- exchanges' bulletin, read by /Info/GetExchangeMessages and /Info/CorpActions. Market-wide rows, no client's: every
-- client reads the same notices. The seed is dated around the day the database was made (IST), so a fresh demo shows
-- recent notices and both past and upcoming corporate actions.

CREATE TABLE exchange_bulletin (
  id         BIGSERIAL PRIMARY KEY,
  exchange   TEXT NOT NULL CHECK (exchange IN ('NSE', 'BSE', 'MCX', 'CDSL', 'NSDL')),
  category   TEXT NOT NULL CHECK (length(category) BETWEEN 1 AND 40),
  subject    TEXT NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
  message    TEXT NOT NULL CHECK (length(message) BETWEEN 1 AND 2000),
  posted_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX exchange_bulletin_posted ON exchange_bulletin (posted_at DESC);

-- Since T+1 settlement the record date is the ex-date; both are kept, as the exchanges publish both.
CREATE TABLE corporate_actions (
  id           BIGSERIAL PRIMARY KEY,
  exchange     TEXT NOT NULL CHECK (exchange IN ('NSE', 'BSE')),
  symbol       TEXT NOT NULL CHECK (symbol ~ '^[A-Z0-9&-]{1,20}$'),
  company_name TEXT NOT NULL,
  action_type  TEXT NOT NULL CHECK (action_type IN ('DIVIDEND', 'SPLIT', 'BONUS', 'RIGHTS', 'BUYBACK')),
  purpose      TEXT NOT NULL CHECK (length(purpose) BETWEEN 1 AND 200),
  ex_date      DATE NOT NULL,
  record_date  DATE NOT NULL CHECK (record_date >= ex_date)
);
CREATE INDEX corporate_actions_record ON corporate_actions (record_date DESC, symbol);

INSERT INTO exchange_bulletin (exchange, category, subject, message, posted_at) VALUES
  ('NSE', 'Trading', 'Mock trading session on Saturday',
   'Members are requested to note that the Exchange will conduct a mock trading session in the Equity, Equity Derivatives and Currency Derivatives segments on Saturday. Trades in the mock session do not give rise to any obligation.',
   now() - interval '2 hours'),
  ('NSE', 'Surveillance', 'Securities shortlisted under the Additional Surveillance Measure (ASM) framework',
   'SUZLON and YESBANK move to Stage I of the long-term ASM framework from the next trading day: 100% margin applies to open positions created from that day.',
   now() - interval '5 hours'),
  ('BSE', 'Trading', 'Revision in price bands',
   'The price band of IRCON, NBCC and RVNL is revised from 20% to 10% with effect from the next trading day.',
   now() - interval '1 day 1 hour'),
  ('MCX', 'Trading', 'Extended trading hours for commodity contracts',
   'With the end of daylight saving time in the United States, trading in international-linked commodities continues until 23:55 IST.',
   now() - interval '1 day 4 hours'),
  ('NSE', 'F&O', 'Revision in lot sizes of index derivatives contracts',
   'The lot size of NIFTY contracts remains 75 and that of BANKNIFTY 35 for the next quarterly review; contracts expiring after the review carry the revised lot sizes.',
   now() - interval '2 days 3 hours'),
  ('CDSL', 'Depository', 'e-Voting window for shareholder resolutions',
   'e-Voting for the postal ballot of ITC Ltd. is open until 17:00 IST on the last day of the voting period. Beneficial owners can vote through CDSL easi or their broker.',
   now() - interval '3 days'),
  ('BSE', 'Holiday', 'Trading holiday on account of Gurunanak Jayanti',
   'Trading in the Equity, Equity Derivatives and Currency Derivatives segments will remain closed on account of Gurunanak Jayanti. The commodity segment will trade in the evening session from 17:00 IST.',
   now() - interval '6 days'),
  ('NSDL', 'Depository', 'Nomination for demat accounts',
   'Account holders who have neither nominated nor opted out of nomination are requested to do so; the demat account otherwise stays usable.',
   now() - interval '9 days');

-- The IST date the seed is dated from.
WITH today AS (SELECT (now() AT TIME ZONE 'Asia/Kolkata')::date AS d)
INSERT INTO corporate_actions (exchange, symbol, company_name, action_type, purpose, ex_date, record_date)
SELECT a.exchange, a.symbol, a.company_name, a.action_type, a.purpose, today.d + a.days, today.d + a.days
  FROM today, (VALUES
    ('NSE', 'TCS', 'Tata Consultancy Services Ltd.', 'DIVIDEND', 'Interim Dividend - Rs 11 Per Share', 4),
    ('NSE', 'INFY', 'Infosys Ltd.', 'BUYBACK', 'Buyback of equity shares at Rs 1,800 per share', 9),
    ('NSE', 'HDFCBANK', 'HDFC Bank Ltd.', 'BONUS', 'Bonus 1:1', 12),
    ('NSE', 'COALINDIA', 'Coal India Ltd.', 'DIVIDEND', 'Interim Dividend - Rs 10.25 Per Share', 6),
    ('BSE', 'ITC', 'ITC Ltd.', 'DIVIDEND', 'Interim Dividend - Rs 6.50 Per Share', 15),
    ('NSE', 'BAJFINANCE', 'Bajaj Finance Ltd.', 'SPLIT', 'Stock Split From Rs 2/- to Re 1/-', 20),
    ('NSE', 'RELIANCE', 'Reliance Industries Ltd.', 'DIVIDEND', 'Final Dividend - Rs 5.50 Per Share', -12),
    ('NSE', 'WIPRO', 'Wipro Ltd.', 'BONUS', 'Bonus 1:1', -25),
    ('BSE', 'HCLTECH', 'HCL Technologies Ltd.', 'DIVIDEND', 'Interim Dividend - Rs 12 Per Share', -8),
    ('NSE', 'ONGC', 'Oil & Natural Gas Corporation Ltd.', 'DIVIDEND', 'Interim Dividend - Rs 6 Per Share', -18),
    ('NSE', 'IDEA', 'Vodafone Idea Ltd.', 'RIGHTS', 'Rights 2:5 @ Premium Rs 0.50', -30)
  ) AS a (exchange, symbol, company_name, action_type, purpose, days);
