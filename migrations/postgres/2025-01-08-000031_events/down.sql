DROP TABLE calendar_feeds;
DROP TABLE events;
