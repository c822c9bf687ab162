-- An order's number is found through its id (services/oms/README.md, "Steps to the log-based path", step 5).
--
-- An order's number is its trading day (yymmdd) and its row id, padded to at least 8 digits (`order_no_of`). The
-- number had a unique index of its own: an entry at the order's insert and another at each update that is not HOT
-- (its close at least), about a twentieth of the write-ahead log an order. The id is in the number, so a lookup by
-- number goes by the primary key instead (`order_id_of`), and the number is unique because the id is. The check
-- keeps every order findable by its number.
-- Not STRICT: PostgreSQL inlines a SQL function into the statement (or the check) that calls it only if a STRICT
-- one's body is strict too, and greatest and CASE are not. Both give NULL for a NULL argument anyway.
CREATE FUNCTION order_no_of(trading_day TEXT, id BIGINT) RETURNS TEXT
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT trading_day || lpad(id::text, greatest(8, length(id::text)), '0') $$;

CREATE FUNCTION order_id_of(order_no TEXT) RETURNS BIGINT
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN order_no ~ '^[0-9]{14,24}$' THEN substring(order_no FROM 7)::bigint END $$;

ALTER TABLE orders ADD CONSTRAINT orders_number_holds_id CHECK (order_id_of(order_no) IS NOT DISTINCT FROM id);
ALTER TABLE orders DROP CONSTRAINT orders_order_no_key;
