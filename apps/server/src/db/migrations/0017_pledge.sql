-- Depository pledge and exchange pledge (investing.md 3 "Pledge", 4, 7 "Pledge and depository"; market-facts.md 8).
-- holdings.pledged_qty (0006) is the quantity pledged at the depository in favour of the broker: never free to sell.

-- The collateral value a holding's pledge credited to client_funds.collateral_paise (after the haircut, at the day's
-- price): an unpledge takes back its share of it, so the funds row only ever moves by this holding's own credit.
ALTER TABLE holdings ADD COLUMN collateral_paise BIGINT NOT NULL DEFAULT 0 CHECK (collateral_paise >= 0);

CREATE SEQUENCE pledge_unique_no START WITH 500000001;

CREATE TABLE pledge_requests (
  id               BIGSERIAL PRIMARY KEY,
  client_id        BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  demat_account_id BIGINT NOT NULL REFERENCES demat_accounts (id),
  req_type         TEXT NOT NULL CHECK (req_type IN ('PLEDGE', 'UNPLEDGE')),
  -- DIRECT: /Pledge/Request, applied at once; CDSL / NSDL: authorised on the depository's gateway page
  channel          TEXT NOT NULL CHECK (channel IN ('DIRECT', 'CDSL', 'NSDL')),
  source           CHAR(1) NOT NULL CHECK (source IN ('W', 'P')),
  -- NSDL: the number the helper issued; the request reference is source || unique_no
  unique_no        TEXT UNIQUE,
  -- the gateway page's handle (128-bit random hex), known once the request has its securities
  request_no       TEXT UNIQUE CHECK (request_no ~ '^[0-9a-f]{32}$'),
  -- NEW: NSDL number issued, form not yet posted; PENDING: waits for the client's OTP at the depository
  status           TEXT NOT NULL CHECK (status IN ('NEW', 'PENDING', 'SUCCESS', 'FAILED', 'UNAUTHORISED')),
  message          TEXT NOT NULL DEFAULT '',
  otp_salt         TEXT,
  otp_hash         TEXT,
  otp_expires_at   TIMESTAMPTZ,
  otp_attempts     INTEGER NOT NULL DEFAULT 0 CHECK (otp_attempts >= 0),
  created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  decided_at       TIMESTAMPTZ
);
CREATE INDEX pledge_requests_client ON pledge_requests (client_id, created_at DESC);

CREATE TABLE pledge_request_items (
  request_id BIGINT NOT NULL REFERENCES pledge_requests (id) ON DELETE CASCADE,
  seq        INTEGER NOT NULL CHECK (seq > 0),
  isin       TEXT NOT NULL CHECK (isin ~ '^IN[A-Z0-9]{10}$'),
  symbol     TEXT NOT NULL,
  isin_name  TEXT NOT NULL,
  segment    TEXT NOT NULL,
  quantity   BIGINT NOT NULL CHECK (quantity > 0),
  status     TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED')),
  message    TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (request_id, seq)
);
CREATE INDEX pledge_request_items_isin ON pledge_request_items (isin);

-- Exchange pledge: pledged quantity the broker re-pledged to the clearing corporation for a segment. The sum over a
-- holding's segments never exceeds its pledged_qty (checked under the client's funds lock).
CREATE TABLE exchange_pledges (
  client_id  BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  isin       TEXT NOT NULL CHECK (isin ~ '^IN[A-Z0-9]{10}$'),
  segment    TEXT NOT NULL CHECK (segment IN ('CM', 'FO', 'CDS')),
  quantity   BIGINT NOT NULL CHECK (quantity >= 0),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, isin, segment)
);
