-- Fewer index entries per order (services/oms/README.md, "Index entries per order, session 21").
--
-- An order's row was updated at its acceptance and at each fill, and every update entered a new version of the row in
-- each of its indexes: the status was indexed (orders_open, orders_trailing_stops), so no update could be HOT (a
-- heap-only tuple, which enters no index). Those indexes now hold is_open, a stored column PostgreSQL derives from
-- the status: an acceptance (REQUEST SENT -> OUTSTANDING) and a partial fill leave it as it was, so they can be HOT.
ALTER TABLE orders ADD COLUMN is_open BOOLEAN GENERATED ALWAYS AS (status IN ('REQUEST SENT', 'OUTSTANDING')) STORED;
DROP INDEX orders_open;
CREATE INDEX orders_open ON orders (client_id) WHERE is_open;
DROP INDEX orders_trailing_stops;
CREATE INDEX orders_trailing_stops ON orders (parent_order_id)
  WHERE leg_role = 'STOPLOSS' AND product = 'BO' AND bo_trailing_sl > 0 AND is_open;
-- Room on each page for the updates of the rows inserted on it: a HOT version must fit on its row's page.
ALTER TABLE orders SET (fillfactor = 85);

-- Every order_events row was entered in two indexes: its id, by which nothing looks a row up, and (order_id, id), which
-- is the key now (id still orders an order's log). The other index holds a client's days: the notifications
-- (modules/information) read a client's events of the day but its trades, which they read from trades, and without it
-- read the whole table, every client's events of every day.
ALTER TABLE order_events DROP CONSTRAINT order_events_pkey;
DROP INDEX order_events_order;
ALTER TABLE order_events ADD CONSTRAINT order_events_pkey PRIMARY KEY (order_id, id);
CREATE INDEX order_events_client_day ON order_events (client_id, created_at DESC) WHERE action <> 'TRADE';

-- trades were looked up by order through an index of their own beside the unique (exchange, trade number, side,
-- order); the unique index leads with the order now and serves those lookups.
ALTER TABLE trades DROP CONSTRAINT trades_exchange_exchange_trade_id_side_order_id_key;
ALTER TABLE trades ADD CONSTRAINT trades_order_trade_key UNIQUE (order_id, exchange, exchange_trade_id, side);
DROP INDEX trades_order;
