-- The script a customer chose, Latin or Cyrillic (decision 054): the switch in the footer remembers it on
-- the account too, so that a new device shows it after signing in, and the e-mails, SMS and invoice PDFs
-- are written in it. NULL is Latin. Expands only: a server of the release before neither reads nor writes it.
ALTER TABLE customers ADD COLUMN script TEXT CHECK (script IN ('latin', 'cyrillic'));
