-- Fund transfer (investing.md 2 "Funds, reports, calculators, market statistics", 7 "Alerts, funds, reports, info").
-- Amounts in paise. A pay-in goes through the payment gateway (adapters/payment-gateway) and is credited to the
-- ledger once, when the gateway reports success; a pay-out is blocked at once (client_funds.blocked_margin_paise) and
-- debited from the ledger when the settlement run processes it. The bank is the one linked to a demat account.

CREATE TABLE fund_payins (
  id              BIGSERIAL PRIMARY KEY,
  reference       TEXT NOT NULL UNIQUE,
  client_id       BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  demat_account_id BIGINT NOT NULL REFERENCES demat_accounts (id),
  bank_name       TEXT NOT NULL,
  bank_account    TEXT NOT NULL,
  mode            TEXT NOT NULL CHECK (mode IN ('UPI', 'NETBANKING')),
  amount_paise    BIGINT NOT NULL CHECK (amount_paise > 0),
  status          TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED')),
  atom_token_id   TEXT NOT NULL UNIQUE,
  gateway_trans_id TEXT UNIQUE,
  failure_reason  TEXT,
  app_id          TEXT NOT NULL,
  created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  completed_at    TIMESTAMPTZ
);
CREATE INDEX fund_payins_client ON fund_payins (client_id, created_at DESC);

CREATE TABLE fund_payouts (
  id              BIGSERIAL PRIMARY KEY,
  reference       TEXT NOT NULL UNIQUE,
  client_id       BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  demat_account_id BIGINT NOT NULL REFERENCES demat_accounts (id),
  bank_name       TEXT NOT NULL,
  bank_account    TEXT NOT NULL,
  amount_paise    BIGINT NOT NULL CHECK (amount_paise > 0),
  status          TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PROCESSED', 'CANCELLED')),
  created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  completed_at    TIMESTAMPTZ
);
CREATE INDEX fund_payouts_client ON fund_payouts (client_id, created_at DESC);
CREATE INDEX fund_payouts_pending ON fund_payouts (id) WHERE status = 'PENDING';
