-- Watchlists (trading.md 3 "Watchlist group", 4.5, 5.3, 9). Predefined groups (NIFTY 50, SENSEX, BANK NIFTY) come
-- from the market's index constituents and are not stored; a client's own groups and their scrips are.

CREATE TABLE watchlist_groups (
  id          BIGSERIAL PRIMARY KEY,
  client_id   BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 10),
  -- 'WEB' groups are made and edited here; 'MOB' groups come from the mobile app and are read-only here.
  channel     TEXT NOT NULL DEFAULT 'WEB' CHECK (channel IN ('WEB', 'MOB')),
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- trading.md 5.3: names differ ignoring case.
CREATE UNIQUE INDEX watchlist_groups_client_name ON watchlist_groups (client_id, lower(name));

CREATE TABLE watchlist_symbols (
  id             BIGSERIAL PRIMARY KEY,
  group_id       BIGINT NOT NULL REFERENCES watchlist_groups (id) ON DELETE CASCADE,
  -- the scrip's identity (trading.md 5.3: id, exchange, asset class, trSymbol), as the market's registry names it
  instrument_id  TEXT NOT NULL,
  exc            TEXT NOT NULL,
  asset_class    TEXT NOT NULL,
  tr_symbol      TEXT NOT NULL,
  position       INTEGER NOT NULL,
  added_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (group_id, instrument_id, exc, asset_class, tr_symbol)
);
CREATE INDEX watchlist_symbols_group ON watchlist_symbols (group_id, position);

-- Per-client preferences of any group, own or predefined: favourite slot and column settings.
CREATE TABLE watchlist_group_prefs (
  client_id  BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  watch_id   TEXT NOT NULL,
  favid      CHAR(1) NOT NULL DEFAULT '0' CHECK (favid IN ('0', '1', '2')),
  settings   JSONB,
  PRIMARY KEY (client_id, watch_id)
);
-- trading.md 4.5, 9: two favourite slots per client.
CREATE UNIQUE INDEX watchlist_group_prefs_slot ON watchlist_group_prefs (client_id, favid) WHERE favid <> '0';

-- Clients whose starter watchlist has been made (once, on their first ListGroups), so deleting it does not bring it back.
CREATE TABLE watchlist_starters (
  client_id  BIGINT PRIMARY KEY REFERENCES clients (id) ON DELETE CASCADE,
  made_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
