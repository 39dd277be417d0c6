DROP TABLE rematches;
DROP TABLE talk_mail_prefs;
