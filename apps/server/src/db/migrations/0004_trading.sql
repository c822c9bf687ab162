-- Trading: orders and their history, trades, positions, margin blocks, idempotency, e-DIS approvals, transfers.
-- Money in paise, prices in the instrument's smallest unit (price_decimals 2 or 4), quantities in units (shares,
-- contracts x lot). Every row carries client_id; every query filters on the session's client.

CREATE TABLE orders (
  id                BIGSERIAL PRIMARY KEY,
  -- the order id shown to the client (trading.md 3 orderId), unique across the system
  order_no          TEXT NOT NULL UNIQUE,
  client_id         BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  instrument_id     TEXT NOT NULL,
  exchange          TEXT NOT NULL,
  trading_symbol    TEXT NOT NULL,
  display_symbol    TEXT NOT NULL,
  segment           TEXT NOT NULL CHECK (segment IN ('equity', 'fno', 'spread', 'currency', 'commodity')),
  price_decimals    SMALLINT NOT NULL CHECK (price_decimals IN (2, 4)),
  side              TEXT NOT NULL CHECK (side IN ('BUY', 'SELL')),
  product           TEXT NOT NULL,
  order_type        TEXT NOT NULL CHECK (order_type IN ('LIMIT', 'MARKET', 'SL', 'SL-M')),
  validity          TEXT NOT NULL CHECK (validity IN ('DAY', 'IOC', 'VTD')),
  vtd_date          DATE,
  quantity          BIGINT NOT NULL CHECK (quantity > 0),
  disclosed_qty     BIGINT NOT NULL DEFAULT 0 CHECK (disclosed_qty >= 0),
  filled_qty        BIGINT NOT NULL DEFAULT 0 CHECK (filled_qty >= 0),
  limit_price       BIGINT NOT NULL DEFAULT 0,
  trigger_price     BIGINT NOT NULL DEFAULT 0,
  avg_fill_price    BIGINT NOT NULL DEFAULT 0,
  status            TEXT NOT NULL CHECK (status IN ('REQUEST SENT', 'OUTSTANDING', 'EXECUTED', 'CANCELLED', 'REJECTED', 'OFFLINE')),
  reject_reason     TEXT NOT NULL DEFAULT '',
  is_amo            BOOLEAN NOT NULL DEFAULT false,
  -- cover (CO) and bracket (BO) orders: the entry order is the parent of its legs
  parent_order_id   BIGINT REFERENCES orders (id) ON DELETE CASCADE,
  leg_role          TEXT CHECK (leg_role IN ('ENTRY', 'STOPLOSS', 'TARGET', 'SPREAD_NEAR', 'SPREAD_FAR')),
  bo_trailing_sl    BIGINT NOT NULL DEFAULT 0,
  exchange_order_id TEXT,
  -- margin blocked for this order while it is open, released on cancel, rejection or fill
  blocked_margin_paise BIGINT NOT NULL DEFAULT 0 CHECK (blocked_margin_paise >= 0),
  app_id            TEXT,
  created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX orders_client_day ON orders (client_id, created_at DESC);
CREATE INDEX orders_open ON orders (client_id, status) WHERE status IN ('REQUEST SENT', 'OUTSTANDING');
CREATE INDEX orders_parent ON orders (parent_order_id) WHERE parent_order_id IS NOT NULL;

-- One row per state change (trading.md 2.4 Order Log); the audit of every order action.
CREATE TABLE order_events (
  id            BIGSERIAL PRIMARY KEY,
  order_id      BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  client_id     BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  status        TEXT NOT NULL,
  action        TEXT NOT NULL,
  quantity      BIGINT NOT NULL,
  price         BIGINT NOT NULL DEFAULT 0,
  trigger_price BIGINT NOT NULL DEFAULT 0,
  disclosed_qty BIGINT NOT NULL DEFAULT 0,
  validity      TEXT NOT NULL,
  detail        JSONB NOT NULL DEFAULT '{}'::jsonb,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX order_events_order ON order_events (order_id, id);

CREATE TABLE trades (
  id                BIGSERIAL PRIMARY KEY,
  client_id         BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  order_id          BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  exchange_trade_id TEXT NOT NULL,
  instrument_id     TEXT NOT NULL,
  exchange          TEXT NOT NULL,
  side              TEXT NOT NULL CHECK (side IN ('BUY', 'SELL')),
  product           TEXT NOT NULL,
  quantity          BIGINT NOT NULL CHECK (quantity > 0),
  price             BIGINT NOT NULL,
  charges_paise     BIGINT NOT NULL DEFAULT 0,
  charges_detail    JSONB NOT NULL DEFAULT '{}'::jsonb,
  traded_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (exchange, exchange_trade_id, side, order_id)
);
CREATE INDEX trades_client_day ON trades (client_id, traded_at DESC);

-- Net position per client, instrument and product: today's buys and sells plus what was carried in.
CREATE TABLE positions (
  id              BIGSERIAL PRIMARY KEY,
  client_id       BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  instrument_id   TEXT NOT NULL,
  exchange        TEXT NOT NULL,
  product         TEXT NOT NULL,
  segment         TEXT NOT NULL,
  buy_qty         BIGINT NOT NULL DEFAULT 0,
  buy_value       BIGINT NOT NULL DEFAULT 0,  -- sum of qty x price units (exact)
  sell_qty        BIGINT NOT NULL DEFAULT 0,
  sell_value      BIGINT NOT NULL DEFAULT 0,
  carry_qty       BIGINT NOT NULL DEFAULT 0,  -- signed quantity carried from previous days
  carry_avg_price BIGINT NOT NULL DEFAULT 0,
  realised_paise  BIGINT NOT NULL DEFAULT 0,
  updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (client_id, instrument_id, product)
);
CREATE INDEX positions_client ON positions (client_id);

-- Placement is idempotent: a retried request with the same key returns the first answer.
CREATE TABLE idempotency_keys (
  client_id    BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  key          TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  order_id     BIGINT REFERENCES orders (id) ON DELETE CASCADE,
  answer       JSONB,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, key)
);

-- Funds movements: margin blocks and releases are not ledger entries; realised P&L and charges are.
CREATE TABLE ledger_entries (
  id          BIGSERIAL PRIMARY KEY,
  client_id   BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  amount_paise BIGINT NOT NULL,  -- credit positive, debit negative
  narration   TEXT NOT NULL,
  ref_type    TEXT NOT NULL,
  ref_id      TEXT,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_client ON ledger_entries (client_id, created_at DESC);

-- Margin in use (blocked by open orders and held by open positions); the client_funds row is the lock.
ALTER TABLE client_funds ADD COLUMN blocked_margin_paise BIGINT NOT NULL DEFAULT 0 CHECK (blocked_margin_paise >= 0);
ALTER TABLE client_funds ADD COLUMN used_margin_paise BIGINT NOT NULL DEFAULT 0 CHECK (used_margin_paise >= 0);
ALTER TABLE client_funds ADD COLUMN collateral_paise BIGINT NOT NULL DEFAULT 0 CHECK (collateral_paise >= 0);

-- e-DIS: quantities of non-POA holdings the client authorised at the depository for today (trading.md 4.2).
CREATE TABLE edis_approvals (
  id            BIGSERIAL PRIMARY KEY,
  client_id     BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  isin          TEXT NOT NULL,
  symbol        TEXT NOT NULL,
  exchange      TEXT NOT NULL,
  request_no    TEXT NOT NULL UNIQUE,
  quantity      BIGINT NOT NULL CHECK (quantity > 0),
  used_qty      BIGINT NOT NULL DEFAULT 0 CHECK (used_qty >= 0),
  status        TEXT NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'EXPIRED')),
  trading_day   DATE NOT NULL,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  approved_at   TIMESTAMPTZ,
  CHECK (used_qty <= quantity)
);
CREATE INDEX edis_approvals_client ON edis_approvals (client_id, isin, trading_day);

CREATE TABLE position_transfers (
  id            BIGSERIAL PRIMARY KEY,
  client_id     BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  instrument_id TEXT NOT NULL,
  display_symbol TEXT NOT NULL,
  quantity      BIGINT NOT NULL CHECK (quantity > 0),
  from_product  TEXT NOT NULL,
  to_product    TEXT NOT NULL,
  status        TEXT NOT NULL,
  message       TEXT NOT NULL DEFAULT '',
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX position_transfers_client ON position_transfers (client_id, created_at DESC);
