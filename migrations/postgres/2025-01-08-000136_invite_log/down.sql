DROP TABLE invite_log;
