-- Shares held before the records (a holding brought in at seeding, with no buy trade): their quantity, the price
-- they cost and the day they were bought, kept as they were. End of day blends later purchases into
-- holdings.avg_price_paise; capital gains cost these shares from here instead (modules/reports).
CREATE TABLE opening_lots (
  id           BIGSERIAL PRIMARY KEY,
  client_id    BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  isin         TEXT NOT NULL CHECK (isin ~ '^IN[A-Z0-9]{10}$'),
  symbol       TEXT NOT NULL,
  quantity     BIGINT NOT NULL CHECK (quantity > 0),
  price_paise  BIGINT NOT NULL CHECK (price_paise >= 0),
  -- NULL: not known (a holding recorded before this table, carried over below)
  acquired_on  DATE
);
CREATE INDEX opening_lots_client ON opening_lots (client_id, symbol);

-- Holdings recorded before this table: what they held before the records is the holding walked back through the
-- delivery trades end of day has settled into it (today's still-open CASH positions are not in the holding yet).
-- Walking back a day that bought undoes the blend end of day made (its average price for the net bought); a day that
-- sold leaves the average as it was. The average so found is exact but for end of day's rounding to the paisa.
DO $$
DECLARE
  h RECORD;
  d RECORD;
  qty NUMERIC;
  price NUMERIC;
  earlier NUMERIC;
BEGIN
  FOR h IN SELECT client_id, isin, symbol, quantity, avg_price_paise FROM holdings ORDER BY id LOOP
    qty := h.quantity;
    price := h.avg_price_paise;
    FOR d IN
      WITH delivery AS (
        SELECT t.id, t.instrument_id, t.side, t.quantity, t.quantity * t.price AS value,
               (t.traded_at AT TIME ZONE 'Asia/Kolkata')::date AS day,
               sum(t.quantity) OVER (PARTITION BY t.instrument_id, t.side ORDER BY t.traded_at DESC, t.id DESC) AS newer
          FROM trades t JOIN orders o ON o.id = t.order_id AND o.client_id = t.client_id
         WHERE t.client_id = h.client_id AND o.segment = 'equity' AND t.product = 'CASH'
           AND o.display_symbol = h.symbol
      ), settled AS (
        -- the newest trades as many as the open position holds are today's, not yet settled
        SELECT x.* FROM delivery x
          LEFT JOIN positions p ON p.client_id = h.client_id AND p.instrument_id = x.instrument_id AND p.product = 'CASH'
         WHERE x.newer > COALESCE(CASE WHEN x.side = 'BUY' THEN p.buy_qty ELSE p.sell_qty END, 0)
      )
      SELECT day, instrument_id,
             sum(CASE WHEN side = 'BUY' THEN quantity ELSE -quantity END) AS net,
             sum(CASE WHEN side = 'BUY' THEN quantity ELSE 0 END) AS bought,
             sum(CASE WHEN side = 'BUY' THEN value ELSE 0 END) AS bought_value
        FROM settled GROUP BY day, instrument_id ORDER BY day DESC, min(id) DESC
    LOOP
      IF d.net > 0 THEN
        earlier := qty - d.net;
        IF earlier > 0 THEN
          price := (price * qty - round(d.bought_value / d.bought) * d.net) / earlier;
        END IF;
        qty := earlier;
      ELSE
        qty := qty - d.net;
      END IF;
    END LOOP;
    IF qty > 0 THEN
      INSERT INTO opening_lots (client_id, isin, symbol, quantity, price_paise, acquired_on)
      VALUES (h.client_id, h.isin, h.symbol, qty, GREATEST(round(price), 0), NULL);
    END IF;
  END LOOP;
END $$;
