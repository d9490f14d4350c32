-- Each server's choice to show tables as text only, without pictures.
ALTER TABLE guilds ADD COLUMN text_only INTEGER NOT NULL DEFAULT 0;
