DROP TABLE mail_suppressions;
