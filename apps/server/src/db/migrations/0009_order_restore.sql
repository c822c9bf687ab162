-- Resting orders survive a restart (services/oms/README.md "Restart"): the in-memory exchange loses its books, so at
-- start the OMS re-submits each open order with its remaining quantity and the exchange numbers it anew.

-- Filled quantity of the order when it was last submitted to the exchange: the exchange's order then counts only the
-- rest, so exchange quantities (modify, modified reports) are the row's quantities less this.
ALTER TABLE orders ADD COLUMN exchange_filled_base BIGINT NOT NULL DEFAULT 0 CHECK (exchange_filled_base >= 0);

-- One number per process start of the exchange: trade ids restart at 1 in a new process, so a trade's id is made
-- unique across starts from this number (oms-core.ts).
CREATE SEQUENCE exchange_session_seq;
