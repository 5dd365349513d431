print("appgroups-worker: not yet written")
