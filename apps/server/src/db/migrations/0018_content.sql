-- News and research content bought from outside vendors (investing.md 2 "Research ideas", "News", 3 "Ideas, news...",
-- 7). The simulated vendors write from the simulated market (adapters/news-vendor, adapters/research-vendor); the
-- broker stores what they publish once, by the vendor's key, so an article or a call keeps its id. Public content:
-- no client owns a row.

CREATE TABLE news_articles (
  sno          SERIAL PRIMARY KEY,
  vendor_key   TEXT NOT NULL UNIQUE,
  feed         TEXT NOT NULL CHECK (feed IN ('hot-pursuit', 'foreign-markets', 'economy-news', 'corporate-results',
                                             'stock', 'currency', 'commodity', 'sector', 'derivative')),
  -- the vendor's publishing slot the article came in
  slot_start   TIMESTAMPTZ NOT NULL,
  published_at TIMESTAMPTZ NOT NULL,
  symbol       TEXT NOT NULL DEFAULT '',
  underlying   TEXT NOT NULL DEFAULT '',
  sector       TEXT NOT NULL DEFAULT '',
  heading      TEXT NOT NULL CHECK (heading <> ''),
  title        TEXT NOT NULL,
  companyname  TEXT NOT NULL,
  keyword      TEXT NOT NULL,
  sentiment    SMALLINT NOT NULL CHECK (sentiment IN (0, 1, 2)),
  description  TEXT NOT NULL,
  arttext      TEXT NOT NULL CHECK (arttext <> '')
);
CREATE INDEX news_articles_feed_published ON news_articles (feed, published_at DESC, sno DESC);
CREATE INDEX news_articles_slot ON news_articles (slot_start);

CREATE TABLE research_calls (
  callid         SERIAL PRIMARY KEY,
  vendor_key     TEXT NOT NULL UNIQUE,
  segment        TEXT NOT NULL CHECK (segment IN ('EQUITY', 'DERIVATIVE', 'CDS', 'COM')),
  category       TEXT NOT NULL CHECK (category IN ('technical', 'fundamental', 'derivative')),
  subcategory    TEXT NOT NULL,
  -- the contract by exchange and trading symbol: instrument ids are the market's, rebuilt each day
  exchange       TEXT NOT NULL,
  tr_symbol      TEXT NOT NULL,
  calltype       TEXT NOT NULL CHECK (calltype IN ('BUY', 'SELL')),
  -- prices in the instrument's units (paise, or 1/10000 rupee for currency), multiples of its tick
  price_decimals SMALLINT NOT NULL CHECK (price_decimals IN (2, 4)),
  entry_units    BIGINT NOT NULL CHECK (entry_units > 0),
  target1_units  BIGINT NOT NULL CHECK (target1_units > 0),
  target2_units  BIGINT CHECK (target2_units > 0),
  stoploss_units BIGINT CHECK (stoploss_units > 0),
  sent_at        TIMESTAMPTZ NOT NULL,
  expiry_day     DATE NOT NULL,
  description    TEXT NOT NULL,
  -- set once, when the market first reaches the target or the stop-loss
  status         TEXT NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Target Hit', 'Stop Loss Hit')),
  status_at      TIMESTAMPTZ,
  CHECK ((status = 'Open') = (status_at IS NULL)),
  CHECK (category = 'derivative' OR segment <> 'DERIVATIVE'),
  CHECK ((calltype = 'BUY' AND target1_units > entry_units) OR (calltype = 'SELL' AND target1_units < entry_units))
);
CREATE INDEX research_calls_list ON research_calls (segment, category, sent_at DESC, callid DESC);
