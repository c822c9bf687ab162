-- An Idempotency-Key's request hash as its 32 bytes instead of 64 hex characters (services/oms/README.md, "Steps to
-- the log-based path", step 5): a key is stored with nearly every order placed.
ALTER TABLE idempotency_keys ALTER COLUMN request_hash TYPE BYTEA USING decode(request_hash, 'hex');
