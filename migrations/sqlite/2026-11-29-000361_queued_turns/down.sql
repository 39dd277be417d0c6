DROP TABLE queued_turns;
