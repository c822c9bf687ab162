-- orders keeps no foreign key to clients, as its child rows since 0021 (services/oms/README.md, "Steps to the
-- log-based path", step 5).
-- An order is inserted only by the OMS's placement statements, for the client of the session that placed it, and
-- clients are never deleted: the key's check proved nothing, and it locked the client's row (SELECT ... FOR KEY SHARE,
-- a write-ahead log record of its own) at every order placed.
ALTER TABLE orders DROP CONSTRAINT orders_client_id_fkey;
