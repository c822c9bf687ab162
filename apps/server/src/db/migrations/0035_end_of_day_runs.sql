-- Under MARKET_HOURS=real the end of day runs by itself after each trading day's last close; each run is recorded
-- so a restart neither repeats nor misses it.
CREATE TABLE end_of_day_runs (
  trading_date     DATE PRIMARY KEY,
  ran_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
  expired_orders   INTEGER NOT NULL,
  squared_off      INTEGER NOT NULL,
  holdings_changed INTEGER NOT NULL,
  carried          INTEGER NOT NULL
);
