// Scenarios come in the next commit.
