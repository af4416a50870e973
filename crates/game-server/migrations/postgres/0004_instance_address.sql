-- Version 4 in PostgreSQL, as ../0004_instance_address.sql: where each server is reached
-- by the others.
ALTER TABLE instances ADD COLUMN address TEXT;
