-- positions_client (client_id) repeated the first column of the unique (client_id, instrument_id, product) index,
-- which serves every read of a client's positions as well; it only cost an entry at each position opened.
DROP INDEX positions_client;
