-- My Trading Plan (investing.md 2, 3, 4 "Trading plan flow", 7, 9): the plans on offer, each client's plan per
-- segment (EQ, FO) and the history of every change. Amounts in paise; dates are IST calendar dates.

CREATE TABLE trading_plans (
  plan_id                    TEXT PRIMARY KEY CHECK (plan_id ~ '^[A-Z0-9]{1,16}$'),
  segment                    TEXT NOT NULL CHECK (segment IN ('EQ', 'FO')),
  amount_paise               BIGINT NOT NULL CHECK (amount_paise > 0),
  margin_funding_limit_paise BIGINT NOT NULL DEFAULT 0 CHECK (margin_funding_limit_paise >= 0),
  popular                    BOOLEAN NOT NULL DEFAULT false,
  sort_order                 INTEGER NOT NULL
);

INSERT INTO trading_plans (plan_id, segment, amount_paise, margin_funding_limit_paise, popular, sort_order) VALUES
  ('EQ500', 'EQ', 50000, 50000000, true, 1),
  ('EQ999', 'EQ', 99900, 250000000, false, 2),
  ('FO250', 'FO', 25000, 0, false, 1);

-- A client's plan in force (or paid for and starting) per segment; the row is deleted when the plan ends, so the
-- order path's charges need only look for a row whose dates hold the trade date (services/oms/fills.ts).
CREATE TABLE client_plans (
  client_id         BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  segment           TEXT NOT NULL CHECK (segment IN ('EQ', 'FO')),
  plan_id           TEXT NOT NULL REFERENCES trading_plans (plan_id),
  start_date        DATE NOT NULL,
  end_date          DATE NOT NULL CHECK (end_date >= start_date),
  auto_renew        BOOLEAN NOT NULL,
  -- a downgrade taken on expiry (mode D): the plan the renewal moves to
  next_plan_id      TEXT REFERENCES trading_plans (plan_id),
  -- mode O: the plan runs to its end date and is not renewed
  opt_out_on_expiry BOOLEAN NOT NULL DEFAULT false,
  updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, segment)
);
CREATE INDEX client_plans_due ON client_plans (end_date);

CREATE TABLE client_plan_history (
  id           BIGSERIAL PRIMARY KEY,
  client_id    BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  segment      TEXT NOT NULL CHECK (segment IN ('EQ', 'FO')),
  plan_id      TEXT NOT NULL REFERENCES trading_plans (plan_id),
  action       TEXT NOT NULL CHECK (action IN ('SUBSCRIBE', 'CHANGE', 'UPGRADE', 'DOWNGRADE_ON_EXPIRY',
                                               'OPT_OUT_ON_EXPIRY', 'OPT_OUT_NOW', 'RENEW', 'LAPSE')),
  amount_paise BIGINT NOT NULL DEFAULT 0 CHECK (amount_paise >= 0),
  gst_paise    BIGINT NOT NULL DEFAULT 0 CHECK (gst_paise >= 0),
  start_date   DATE,
  end_date     DATE,
  auto_renew   BOOLEAN,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX client_plan_history_client ON client_plan_history (client_id, created_at DESC);
