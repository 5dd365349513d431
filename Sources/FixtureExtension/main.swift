print("fixture: not yet written")
