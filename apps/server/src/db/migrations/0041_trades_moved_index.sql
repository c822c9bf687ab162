-- The end of day charges again the moved trades of the orders that were still open when their quantity moved
-- (services/portfolio/transfer-charges.ts `rechargeClosedOrders`): it finds them through this index, which holds only
-- the few trades some of whose quantity lies in another product, not the day's whole trades table.
CREATE INDEX trades_moved ON trades (order_id) WHERE moved_qty > 0;
