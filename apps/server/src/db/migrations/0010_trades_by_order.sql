-- A partly filled order's next fill sums the charges its earlier trades paid (services/oms/fills.ts), for a batch of
-- orders at once: by order, not by the client's whole trade history.
CREATE INDEX trades_order ON trades (order_id);
