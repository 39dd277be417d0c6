ALTER TABLE turns DROP COLUMN sealed_for;
