print("record-suite: not yet")
