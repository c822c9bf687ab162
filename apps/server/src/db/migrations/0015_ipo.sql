-- IPO bidding (investing.md 2 "IPO", 3 "IPO", 4 "IPO", 5 "IPO bid", 7 "IPO"). The issues are the simulated market's
-- (modules/ipo/ipo-calendar.ts keeps them dated around today); applications and their bids are the clients'.
-- Prices and amounts in paise; dates are IST calendar dates, daily hours IST.

-- The bank account a demat account's IPO money is blocked in through the UPI mandate (investing.md 3 "Demat account":
-- bank, linkedAcc). Nullable: a demat account without a linked bank is listed without one.
ALTER TABLE demat_accounts ADD COLUMN bank_name TEXT, ADD COLUMN bank_account TEXT CHECK (bank_account ~ '^[0-9]{9,18}$');

CREATE TABLE ipo_issues (
  symbol              TEXT PRIMARY KEY CHECK (symbol ~ '^[A-Z0-9]{1,20}$'),
  name                TEXT NOT NULL,
  issue_type          TEXT NOT NULL CHECK (issue_type IN ('Book Built', 'Fixed Price')),
  bidding_start       DATE NOT NULL,
  bidding_end         DATE NOT NULL CHECK (bidding_end >= bidding_start),
  daily_start         TEXT NOT NULL CHECK (daily_start ~ '^[0-2][0-9]:[0-5][0-9]$'),
  daily_end           TEXT NOT NULL CHECK (daily_end ~ '^[0-2][0-9]:[0-5][0-9]$'),
  issue_size_paise    BIGINT NOT NULL CHECK (issue_size_paise > 0),
  min_price_paise     BIGINT NOT NULL CHECK (min_price_paise > 0),
  max_price_paise     BIGINT NOT NULL CHECK (max_price_paise >= min_price_paise),
  cut_off_price_paise BIGINT NOT NULL CHECK (cut_off_price_paise BETWEEN min_price_paise AND max_price_paise),
  tick_size_paise     BIGINT NOT NULL CHECK (tick_size_paise >= 0),
  lot_size            INTEGER NOT NULL CHECK (lot_size > 0),
  min_bid_quantity    INTEGER NOT NULL CHECK (min_bid_quantity > 0),
  min_investment_paise BIGINT NOT NULL CHECK (min_investment_paise > 0),
  max_investment_paise BIGINT NOT NULL CHECK (max_investment_paise >= min_investment_paise),
  discount_paise      BIGINT NOT NULL DEFAULT 0 CHECK (discount_paise >= 0 AND discount_paise < min_price_paise),
  categories          TEXT[] NOT NULL CHECK (categories <@ ARRAY['IND', 'EMP', 'SHA', 'POL'] AND cardinality(categories) > 0),
  prospectus          TEXT NOT NULL,
  -- the day the calendar dated this issue from; an issue nobody has applied to is re-dated from the new day
  anchor_day          DATE NOT NULL
);

CREATE SEQUENCE ipo_application_number_seq START 1000001;
CREATE SEQUENCE ipo_bid_reference_seq START 20000001;

CREATE TABLE ipo_applications (
  id                  BIGSERIAL PRIMARY KEY,
  application_number  TEXT NOT NULL UNIQUE,
  client_id           BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  issue_symbol        TEXT NOT NULL REFERENCES ipo_issues (symbol),
  demat_account_id    BIGINT NOT NULL REFERENCES demat_accounts (id),
  category            TEXT NOT NULL CHECK (category IN ('IND', 'EMP', 'SHA', 'POL')),
  upi                 TEXT NOT NULL,
  -- active while one bid is not cancelled (investing.md 4 "IPO")
  active              BOOLEAN NOT NULL DEFAULT true,
  -- '' until the basis of allotment (T+1), then 'Alloted' or 'Not Alloted'
  allotment_status    TEXT NOT NULL DEFAULT '' CHECK (allotment_status IN ('', 'Alloted', 'Not Alloted')),
  allotment_qty       INTEGER NOT NULL DEFAULT 0 CHECK (allotment_qty >= 0),
  created_at          TIMESTAMPTZ NOT NULL,
  updated_at          TIMESTAMPTZ NOT NULL
);
CREATE INDEX ipo_applications_client ON ipo_applications (client_id, created_at DESC);
-- one live application per client and issue (isBidPlaced); a cancelled one leaves room for a new bid
CREATE UNIQUE INDEX ipo_applications_one_active ON ipo_applications (client_id, issue_symbol) WHERE active;

CREATE TABLE ipo_bids (
  id                  BIGSERIAL PRIMARY KEY,
  application_id      BIGINT NOT NULL REFERENCES ipo_applications (id) ON DELETE CASCADE,
  slot                SMALLINT NOT NULL CHECK (slot BETWEEN 1 AND 3),
  bid_reference       TEXT NOT NULL UNIQUE,
  at_cut_off          BOOLEAN NOT NULL,
  lots                INTEGER NOT NULL CHECK (lots > 0),
  quantity            INTEGER NOT NULL CHECK (quantity > 0),
  price_paise         BIGINT NOT NULL CHECK (price_paise > 0),
  activity            TEXT NOT NULL CHECK (activity IN ('Ordered', 'Modified', 'Cancelled')),
  updated_at          TIMESTAMPTZ NOT NULL,
  UNIQUE (application_id, slot)
);
