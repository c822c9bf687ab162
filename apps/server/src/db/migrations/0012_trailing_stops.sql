-- The trailing-stop check (services/oms/composite-legs.ts trailStops) runs every market step. Without an index of its
-- own it read every open order of every client (orders_open) to find the few bracket stops that trail: 5.6 ms with
-- 10,000 resting orders, four times a second, growing with the book. This index holds only those legs.
CREATE INDEX orders_trailing_stops ON orders (parent_order_id)
  WHERE leg_role = 'STOPLOSS' AND product = 'BO' AND bo_trailing_sl > 0 AND status = 'OUTSTANDING';
