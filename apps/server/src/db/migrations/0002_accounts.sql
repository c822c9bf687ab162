-- Clients, credentials, sessions, one-time passwords, recovery requests, audit, funds and holdings
-- (platform.md 3, 4, 5, 6, 7.2). Secrets are stored only as hashes: argon2id for passwords and TPINs,
-- salted SHA-256 for OTPs, SHA-256 for high-entropy tokens (session ids, stream tokens, reset tokens).

CREATE TABLE clients (
  id                        BIGSERIAL PRIMARY KEY,
  user_id                   TEXT NOT NULL UNIQUE CHECK (user_id ~ '^[A-Z0-9]{1,12}$'),
  name                      TEXT NOT NULL,
  pan                       TEXT NOT NULL UNIQUE CHECK (pan ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'),
  birth_year                SMALLINT NOT NULL CHECK (birth_year BETWEEN 1900 AND 2100),
  mobile                    TEXT NOT NULL CHECK (mobile ~ '^[0-9]{10}$'),
  email                     TEXT NOT NULL,
  password_hash             TEXT NOT NULL,
  tpin_hash                 TEXT NOT NULL,
  password_changed_at       TIMESTAMPTZ,
  -- platform.md 3.1 account details; each permission is on only when it is 'Y'
  margin_mode               TEXT NOT NULL DEFAULT 'M',
  mta_nse_permission        CHAR(1) NOT NULL DEFAULT 'N' CHECK (mta_nse_permission IN ('Y', 'N')),
  mta_bse_permission        CHAR(1) NOT NULL DEFAULT 'N' CHECK (mta_bse_permission IN ('Y', 'N')),
  shortsell_nse_permission  CHAR(1) NOT NULL DEFAULT 'N' CHECK (shortsell_nse_permission IN ('Y', 'N')),
  shortsell_bse_permission  CHAR(1) NOT NULL DEFAULT 'N' CHECK (shortsell_bse_permission IN ('Y', 'N')),
  equity_flag               CHAR(1) NOT NULL DEFAULT 'N' CHECK (equity_flag IN ('Y', 'N')),
  bse_permission            CHAR(1) NOT NULL DEFAULT 'N' CHECK (bse_permission IN ('Y', 'N')),
  fno_permission            CHAR(1) NOT NULL DEFAULT 'N' CHECK (fno_permission IN ('Y', 'N')),
  fno_nse_spd_permission    CHAR(1) NOT NULL DEFAULT 'N' CHECK (fno_nse_spd_permission IN ('Y', 'N')),
  cds_nse_permission        CHAR(1) NOT NULL DEFAULT 'N' CHECK (cds_nse_permission IN ('Y', 'N')),
  commodity_flag_mcx        CHAR(1) NOT NULL DEFAULT 'N' CHECK (commodity_flag_mcx IN ('Y', 'N')),
  commodity_flag_ncdex      CHAR(1) NOT NULL DEFAULT 'N' CHECK (commodity_flag_ncdex IN ('Y', 'N')),
  shubh_plan_permission     CHAR(1) NOT NULL DEFAULT 'N' CHECK (shubh_plan_permission IN ('Y', 'N')),
  fno_int_permission        CHAR(1) NOT NULL DEFAULT 'N' CHECK (fno_int_permission IN ('Y', 'N')),
  span_permission           CHAR(1) NOT NULL DEFAULT 'N' CHECK (span_permission IN ('Y', 'N')),
  -- platform.md 6 last row: flags whose keys the spec does not show (permissions/abilities.ts ExtraFlags)
  basket_order              BOOLEAN NOT NULL DEFAULT false,
  new_pnl_report            BOOLEAN NOT NULL DEFAULT false,
  spread_search             BOOLEAN NOT NULL DEFAULT false,
  merge_eq_com              BOOLEAN NOT NULL DEFAULT false,
  cug_flag                  BOOLEAN NOT NULL DEFAULT false,
  -- platform.md 3.3: a non-POA client authorises each sale from demat through e-DIS
  non_poa                   BOOLEAN NOT NULL DEFAULT false,
  non_poa_app_key           TEXT,
  login_with_otp            BOOLEAN NOT NULL DEFAULT false,
  dormant                   BOOLEAN NOT NULL DEFAULT false,
  locked                    BOOLEAN NOT NULL DEFAULT false,
  locked_at                 TIMESTAMPTZ,
  failed_attempts           INTEGER NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  -- platform.md 4.5
  mtf_status                TEXT NOT NULL DEFAULT 'none' CHECK (mtf_status IN ('none', 'requested', 'active')),
  mtf_requested_at          TIMESTAMPTZ,
  mtf_activated_at          TIMESTAMPTZ,
  limit_against_holding     BOOLEAN NOT NULL DEFAULT false,
  limit_against_holding_at  TIMESTAMPTZ,
  risk_disclosure_ack_at    TIMESTAMPTZ,
  last_login_at             TIMESTAMPTZ,
  created_at                TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE demat_accounts (
  id            BIGSERIAL PRIMARY KEY,
  client_id     BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  dp_type       TEXT NOT NULL CHECK (dp_type IN ('CDSL', 'NSDL')),
  dp_id         TEXT NOT NULL,
  dp_account    TEXT NOT NULL,
  dp_api_status CHAR(1) NOT NULL DEFAULT 'Y' CHECK (dp_api_status IN ('Y', 'N')),
  -- false: no power of attorney / DDPI, so sales need e-DIS authorisation
  poa           BOOLEAN NOT NULL,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (dp_id, dp_account)
);
CREATE INDEX demat_accounts_client ON demat_accounts (client_id);

CREATE TABLE risk_disclosure_acks (
  id              BIGSERIAL PRIMARY KEY,
  client_id       BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  acknowledged_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  ip              TEXT,
  user_agent      TEXT
);
CREATE INDEX risk_disclosure_acks_client ON risk_disclosure_acks (client_id, acknowledged_at DESC);

CREATE TABLE sessions (
  id                UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id         BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  token_hash        TEXT NOT NULL UNIQUE,
  -- platform.md 3.2 userSessionId: authorises the websocket; only its hash is kept
  stream_token_hash TEXT UNIQUE,
  -- password accepted, login OTP not yet validated
  otp_pending       BOOLEAN NOT NULL DEFAULT false,
  created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_seen_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  revoked_at        TIMESTAMPTZ,
  revoked_reason    TEXT,
  ip                TEXT,
  user_agent        TEXT
);
CREATE INDEX sessions_client_live ON sessions (client_id) WHERE revoked_at IS NULL;

CREATE TABLE one_time_passwords (
  id           BIGSERIAL PRIMARY KEY,
  client_id    BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  purpose      TEXT NOT NULL CHECK (purpose IN ('login', 'reset', 'unlock', 'dormant')),
  -- groups the sends of one flow (a pending login session, a recovery request, a dormant reactivation)
  scope        TEXT NOT NULL,
  salt         TEXT NOT NULL,
  code_hash    TEXT NOT NULL,
  digits       SMALLINT NOT NULL CHECK (digits IN (4, 6)),
  expires_at   TIMESTAMPTZ NOT NULL,
  attempts     INTEGER NOT NULL DEFAULT 0,
  max_attempts INTEGER NOT NULL,
  consumed_at  TIMESTAMPTZ,
  superseded_at TIMESTAMPTZ,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX one_time_passwords_flow ON one_time_passwords (client_id, purpose, scope, created_at DESC);

-- The password reset / unlock chain (platform.md 4.4, 7.2): VerifyPAN -> GenerateOTP -> VerifyOTP -> token.
CREATE TABLE recovery_requests (
  id               BIGSERIAL PRIMARY KEY,
  client_id        BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  purpose          TEXT NOT NULL CHECK (purpose IN ('reset', 'unlock')),
  verified_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at       TIMESTAMPTZ NOT NULL,
  otp_verified_at  TIMESTAMPTZ,
  token_hash       TEXT UNIQUE,
  token_expires_at TIMESTAMPTZ,
  consumed_at      TIMESTAMPTZ,
  cancelled_at     TIMESTAMPTZ
);
CREATE INDEX recovery_requests_client ON recovery_requests (client_id, purpose, verified_at DESC);

CREATE TABLE audit_log (
  id          BIGSERIAL PRIMARY KEY,
  client_id   BIGINT REFERENCES clients (id) ON DELETE SET NULL,
  -- the login id as typed, kept also for attempts on ids that do not exist
  user_id     TEXT,
  event       TEXT NOT NULL,
  detail      JSONB NOT NULL DEFAULT '{}'::jsonb,
  ip          TEXT,
  user_agent  TEXT,
  at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_client ON audit_log (client_id, at DESC);
CREATE INDEX audit_log_event ON audit_log (event, at DESC);

CREATE TABLE client_funds (
  client_id            BIGINT PRIMARY KEY REFERENCES clients (id) ON DELETE CASCADE,
  ledger_balance_paise BIGINT NOT NULL DEFAULT 0,
  updated_at           TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE holdings (
  id              BIGSERIAL PRIMARY KEY,
  client_id       BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  exchange        TEXT NOT NULL CHECK (exchange IN ('NSE', 'BSE')),
  symbol          TEXT NOT NULL,
  isin            TEXT NOT NULL CHECK (isin ~ '^IN[A-Z0-9]{10}$'),
  quantity        BIGINT NOT NULL CHECK (quantity >= 0),
  avg_price_paise BIGINT NOT NULL CHECK (avg_price_paise >= 0),
  -- held in a demat without POA/DDPI: selling needs e-DIS authorisation
  poa_free        BOOLEAN NOT NULL DEFAULT false,
  demat_account_id BIGINT REFERENCES demat_accounts (id) ON DELETE SET NULL,
  updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (client_id, isin)
);
CREATE INDEX holdings_client ON holdings (client_id);
