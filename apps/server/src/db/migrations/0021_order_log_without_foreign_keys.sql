-- The order path's child rows keep no foreign key to clients or orders. Each is written only by the OMS statement
-- or transaction that holds its order (placed in the same statement, or locked FOR UPDATE), for the client of the
-- session that placed it, and neither clients nor orders are ever deleted; so a key check proved nothing, while it
-- cost a SELECT ... FOR KEY SHARE per row inserted: about ten an order in the order-entry bench, whose database CPU
-- per order fell by a fifth without them (services/oms/README.md, "CPU per order, session 19").
ALTER TABLE order_events DROP CONSTRAINT order_events_client_id_fkey, DROP CONSTRAINT order_events_order_id_fkey;
ALTER TABLE trades DROP CONSTRAINT trades_client_id_fkey, DROP CONSTRAINT trades_order_id_fkey;
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_client_id_fkey, DROP CONSTRAINT idempotency_keys_order_id_fkey;
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_client_id_fkey;
