-- Version 5: a seat the server's computer plays (issue 37): its seat and level, NULL in a
-- game between people.
ALTER TABLE games ADD COLUMN computer_seat INTEGER;
ALTER TABLE games ADD COLUMN computer_level TEXT;
