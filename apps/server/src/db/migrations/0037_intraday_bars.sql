-- Today's one-minute chart bars, so an intraday chart does not start empty after a restart (market-runtime README
-- "Restarts"). Written a minute's closed bars at a time; at start the IST trading day's rows are loaded back and older
-- days' rows deleted (earlier days' charts are the generated history, which the simulated market rebuilds itself).
-- Prices are the instrument's integer price units: paise, or ten-thousandths of a rupee for currency pairs quoted to
-- four decimals.
CREATE TABLE intraday_bars (
  seed          INTEGER NOT NULL,
  instrument_id TEXT NOT NULL,
  -- Start of the minute (the bar's time), and its IST date
  bar_time      TIMESTAMPTZ NOT NULL,
  trading_date  DATE NOT NULL,
  open          BIGINT NOT NULL,
  high          BIGINT NOT NULL,
  low           BIGINT NOT NULL,
  close         BIGINT NOT NULL,
  volume        BIGINT NOT NULL CHECK (volume >= 0),
  CHECK (low <= open AND low <= close AND high >= open AND high >= close),
  PRIMARY KEY (seed, trading_date, instrument_id, bar_time)
);
