-- Baskets (trading.md 2.8, 3, 4.7, 5.5): named groups of order lines, and the log of their executions.
-- Prices in the instrument's smallest unit (price_decimals 2 or 4); quantities as entered (shares, or lots where the
-- segment counts lots). Every row carries client_id; every query filters on the session's client.

CREATE TABLE baskets (
  id         BIGSERIAL PRIMARY KEY,
  client_id  BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX baskets_client ON baskets (client_id, id);
CREATE UNIQUE INDEX baskets_client_name ON baskets (client_id, lower(name));

-- One order line (trading.md 3 "Basket line"). The instrument is named by its id; the rest of the symbol object is
-- kept so the line shows as it was added even after the instrument expires.
CREATE TABLE basket_lines (
  id             BIGSERIAL PRIMARY KEY,
  basket_id      BIGINT NOT NULL REFERENCES baskets (id) ON DELETE CASCADE,
  client_id      BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  instrument_id  TEXT NOT NULL,
  display_symbol TEXT NOT NULL,
  exchange       TEXT NOT NULL,
  exchange_seg   TEXT NOT NULL,
  instr          TEXT NOT NULL,
  asset_class    TEXT NOT NULL DEFAULT '',
  opt_type       TEXT NOT NULL DEFAULT '',
  strike_price   TEXT NOT NULL DEFAULT '',
  expiry_date    TEXT NOT NULL DEFAULT '',
  tr_exchange    TEXT NOT NULL DEFAULT '',
  tr_symbol      TEXT NOT NULL DEFAULT '',
  x_sym          TEXT NOT NULL DEFAULT '',
  price_decimals SMALLINT NOT NULL CHECK (price_decimals IN (2, 4)),
  side           TEXT NOT NULL CHECK (side IN ('BUY', 'SELL')),
  product        TEXT NOT NULL,
  order_type     TEXT NOT NULL CHECK (order_type IN ('limit', 'market')),
  validity       TEXT NOT NULL CHECK (validity IN ('DAY', 'IOC')),
  quantity       BIGINT NOT NULL CHECK (quantity > 0),
  limit_price    BIGINT NOT NULL DEFAULT 0 CHECK (limit_price >= 0),
  disclosed_qty  BIGINT NOT NULL DEFAULT 0 CHECK (disclosed_qty >= 0),
  trigger_price  BIGINT NOT NULL DEFAULT 0 CHECK (trigger_price >= 0),
  is_in_dp       BOOLEAN NOT NULL DEFAULT true,
  created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX basket_lines_basket ON basket_lines (basket_id, id);
CREATE INDEX basket_lines_client ON basket_lines (client_id);

-- One execution of a basket; trading_day is the IST day (the log shows today's).
CREATE TABLE basket_executions (
  id          BIGSERIAL PRIMARY KEY,
  basket_id   BIGINT NOT NULL REFERENCES baskets (id) ON DELETE CASCADE,
  client_id   BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  trading_day DATE NOT NULL,
  executed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX basket_executions_client_day ON basket_executions (client_id, trading_day, basket_id);

-- What each line became: the line as placed (the API line, so the log survives edits of the basket), the order
-- placed (its live status is read from orders) or the refusal.
CREATE TABLE basket_execution_lines (
  id             BIGSERIAL PRIMARY KEY,
  execution_id   BIGINT NOT NULL REFERENCES basket_executions (id) ON DELETE CASCADE,
  client_id      BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  line           JSONB NOT NULL,
  order_no       TEXT,
  placed         BOOLEAN NOT NULL,
  response       TEXT NOT NULL
);
CREATE INDEX basket_execution_lines_execution ON basket_execution_lines (execution_id, id);
