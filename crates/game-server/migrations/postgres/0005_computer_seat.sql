-- Version 5 in PostgreSQL, as ../0005_computer_seat.sql: the seat the server's computer
-- plays, and its level.
ALTER TABLE games ADD COLUMN computer_seat BIGINT;
ALTER TABLE games ADD COLUMN computer_level TEXT;
