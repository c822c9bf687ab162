-- Portfolio additions (trading.md 4.2, 8; market-facts.md 8): pledged quantity of a holding, and the depository
-- page's state of an e-DIS request (which depository, TPIN attempts, the answer flag and message).

-- Shares pledged as collateral cannot be sold (holdings free quantity = quantity - pledged - open sells).
ALTER TABLE holdings ADD COLUMN pledged_qty BIGINT NOT NULL DEFAULT 0 CHECK (pledged_qty >= 0);

ALTER TABLE edis_approvals ADD COLUMN dp_type TEXT NOT NULL DEFAULT 'CDSL' CHECK (dp_type IN ('CDSL', 'NSDL'));
ALTER TABLE edis_approvals ADD COLUMN tpin_attempts INTEGER NOT NULL DEFAULT 0 CHECK (tpin_attempts >= 0);
-- trading.md 3 e-DIS response: F (failed), S (success), C (cancelled by the client); null while pending
ALTER TABLE edis_approvals ADD COLUMN answer_flag CHAR(1) CHECK (answer_flag IN ('F', 'S', 'C'));
ALTER TABLE edis_approvals ADD COLUMN answer_message TEXT NOT NULL DEFAULT '';
ALTER TABLE edis_approvals ADD COLUMN decided_at TIMESTAMPTZ;

-- Since 20-Feb-2021 the depository asks for an OTP after the TPIN (market-facts.md 8): the code is kept only as a
-- salted hash, valid 10 minutes, three tries.
ALTER TABLE edis_approvals ADD COLUMN tpin_verified_at TIMESTAMPTZ;
ALTER TABLE edis_approvals ADD COLUMN otp_salt TEXT;
ALTER TABLE edis_approvals ADD COLUMN otp_hash TEXT;
ALTER TABLE edis_approvals ADD COLUMN otp_expires_at TIMESTAMPTZ;
ALTER TABLE edis_approvals ADD COLUMN otp_attempts INTEGER NOT NULL DEFAULT 0 CHECK (otp_attempts >= 0);
