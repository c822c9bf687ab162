-- Payload encryption keys, the public demat-charges payment pages with their simulated payment provider, and
-- single sign-on tokens (platform.md 2.2, 2.6, 3.6, 4.6, 7.1, 7.3). Money in paise as BIGINT.

-- plugins/encryption.ts: AES-256-GCM keys agreed per browser session (ECDH P-256 + HKDF), kept so a restart
-- does not break open browser sessions; expired rows are purged.
CREATE TABLE payload_keys (
  key_id     TEXT PRIMARY KEY,
  aes_key    BYTEA NOT NULL CHECK (length(aes_key) = 32),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX payload_keys_expiry ON payload_keys (expires_at);

-- The captcha of the payment entry page: only the answer's hash is kept, against the id in the browser's cookie.
CREATE TABLE captcha_challenges (
  id          UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  answer_hash TEXT NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at  TIMESTAMPTZ NOT NULL,
  used_at     TIMESTAMPTZ
);
CREATE INDEX captcha_challenges_expiry ON captcha_challenges (expires_at);

-- Demat accounts with charges due (the depository participant's back office). A demat-only client may have no
-- trading account, so these stand apart from clients. Mobile and e-mail are personal data, never displayed.
CREATE TABLE demat_charge_accounts (
  demat_acc_no         TEXT PRIMARY KEY CHECK (demat_acc_no ~ '^([0-9]{16}|IN[0-9A-Z]{14})$'),
  client_name          TEXT NOT NULL,
  mobile               TEXT NOT NULL CHECK (mobile ~ '^[0-9]{10}$'),
  email                TEXT NOT NULL,
  total_due_paise      BIGINT NOT NULL CHECK (total_due_paise >= 0),
  service_charge_paise BIGINT NOT NULL DEFAULT 0 CHECK (service_charge_paise >= 0),
  -- platform.md 2.6: GST shown as 0%; hundredths of a percent
  gst_perc_hundredths  INTEGER NOT NULL DEFAULT 0 CHECK (gst_perc_hundredths >= 0),
  updated_at           TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One row per successful lookup: the opaque details token (only its hash), then the payment it leads to.
CREATE TABLE demat_payments (
  id                   BIGSERIAL PRIMARY KEY,
  ib_ref_no            TEXT NOT NULL UNIQUE,
  demat_acc_no         TEXT NOT NULL REFERENCES demat_charge_accounts (demat_acc_no),
  token_hash           TEXT NOT NULL UNIQUE,
  token_expires_at     TIMESTAMPTZ NOT NULL,
  total_due_paise      BIGINT NOT NULL CHECK (total_due_paise >= 0),
  service_charge_paise BIGINT NOT NULL CHECK (service_charge_paise >= 0),
  gst_perc_hundredths  INTEGER NOT NULL,
  total_pay_paise      BIGINT NOT NULL CHECK (total_pay_paise > 0),
  status               TEXT NOT NULL DEFAULT 'LOOKED_UP' CHECK (status IN ('LOOKED_UP', 'INITIATED', 'SUCCESS', 'FAILED')),
  atom_token_id        TEXT UNIQUE,
  app_id               TEXT,
  trans_id             TEXT,
  failure_reason       TEXT,
  created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
  initiated_at         TIMESTAMPTZ,
  completed_at         TIMESTAMPTZ
);
CREATE INDEX demat_payments_account ON demat_payments (demat_acc_no, created_at DESC);

-- adapters/payment-gateway: the simulated payment provider's own ledger of transactions.
CREATE TABLE sim_gateway_transactions (
  atom_token_id TEXT PRIMARY KEY,
  merch_id      TEXT NOT NULL,
  merchant_name TEXT NOT NULL,
  reference     TEXT NOT NULL,
  amount_paise  BIGINT NOT NULL CHECK (amount_paise > 0),
  email         TEXT NOT NULL,
  mobile        TEXT NOT NULL,
  return_url    TEXT NOT NULL,
  status        TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED')),
  trans_id      TEXT UNIQUE,
  message       TEXT,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  completed_at  TIMESTAMPTZ
);

-- modules/sso: single-use sign-on tokens minted for partner apps; the token itself is HMAC-signed and carries jti.
CREATE TABLE sso_tokens (
  jti        TEXT PRIMARY KEY,
  client_id  BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  source     TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ NOT NULL,
  used_at    TIMESTAMPTZ
);

-- Demo demat accounts with dues (platform.md 2.6); amounts in paise.
INSERT INTO demat_charge_accounts (demat_acc_no, client_name, mobile, email, total_due_paise, service_charge_paise, gst_perc_hundredths) VALUES
  ('1208160000000001', 'RAHUL SHARMA', '9820012345', 'rahul.sharma@example.in', 88500, 0, 0),
  ('1208160000000002', 'PRIYA IYER', '9845067890', 'priya.iyer@example.in', 236000, 1500, 0),
  ('1208160000000003', 'ANAND KULKARNI', '9810098765', 'anand.k@example.in', 0, 0, 0),
  ('IN30012345678901', 'MEERA NAIR', '9895011223', 'meera.nair@example.in', 1234550, 5000, 0);
