-- Conventions: money in paise and prices in the instrument's smallest unit as BIGINT; times as TIMESTAMPTZ
-- (shown in IST at the edge); every client-owned table carries client_id and every query filters on it.
CREATE EXTENSION IF NOT EXISTS pgcrypto;
