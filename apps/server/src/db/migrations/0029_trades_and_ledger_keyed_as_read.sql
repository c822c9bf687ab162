-- trades and ledger_entries are read by their client and by their order, never by their ids: each row entered one
-- index by id that nothing looked a row up in, beside the index its readers use. Those become the primary keys.
-- trades: (order_id, exchange, exchange_trade_id, side) was already unique and serves the lookups by order.
ALTER TABLE trades DROP CONSTRAINT trades_pkey;
ALTER TABLE trades DROP CONSTRAINT trades_order_trade_key;
ALTER TABLE trades ADD CONSTRAINT trades_pkey PRIMARY KEY (order_id, exchange, exchange_trade_id, side);
-- ledger_entries: a client's entries in time order (the id breaks ties, as the readers' ORDER BY created_at, id does).
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_pkey;
DROP INDEX ledger_entries_client;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_pkey PRIMARY KEY (client_id, created_at, id);
