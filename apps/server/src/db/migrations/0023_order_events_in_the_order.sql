-- An order's log in its own row (services/oms/order-events.ts; OMS README "Steps to the log-based path", step 5).
--
-- Each order wrote three order_events rows (NEW, ACCEPTED, a TRADE a fill), each with its heap tuple and one or two
-- index entries, about a quarter of the write-ahead log an order. The order's row is written at those moments anyway:
-- its events now go in it, a JSON array in the order they happened. Since each update writes the array again, an
-- event holds only its action, status and time, a closing event its reason, and a MODIFIED event the values it
-- replaced (`was`): the values at any event are the row's, taken back through the modifications after it. A TRADE
-- event no longer repeats its trade, which is the trades row.
ALTER TABLE orders ADD COLUMN events JSONB NOT NULL DEFAULT '[]'::jsonb;

-- When the order stopped being open: the notifications read a client's events of the day from the orders open now
-- and those closed today. Set only by the update that closes an order, which is not HOT anyway (is_open changes).
ALTER TABLE orders ADD COLUMN closed_at TIMESTAMPTZ;

UPDATE orders o
   SET events = moved.events
  FROM (SELECT e.order_id,
               jsonb_agg(jsonb_build_object('action', e.action, 'status', e.status,
                   'at', floor(extract(epoch FROM e.created_at) * 1000)::bigint)
                 || CASE WHEN e.detail ? 'reason' THEN jsonb_build_object('reason', e.detail->'reason') ELSE '{}' END
                 || CASE WHEN e.action = 'MODIFIED' AND e.was_quantity IS NOT NULL
                         THEN jsonb_build_object('was', jsonb_build_object('quantity', e.was_quantity,
                                'price', e.was_price, 'triggerPrice', e.was_trigger_price))
                         ELSE '{}' END
                 ORDER BY e.id) AS events
          FROM (SELECT *, lag(quantity) OVER w AS was_quantity, lag(price) OVER w AS was_price,
                       lag(trigger_price) OVER w AS was_trigger_price
                  FROM order_events WINDOW w AS (PARTITION BY order_id ORDER BY id)) e
         GROUP BY e.order_id) moved
 WHERE o.id = moved.order_id;
UPDATE orders SET closed_at = updated_at WHERE NOT is_open;

DROP TABLE order_events;

CREATE INDEX orders_closed_day ON orders (client_id, closed_at DESC) WHERE closed_at IS NOT NULL;
