// PropertyLists: Apple property lists (XML and binary) read with source positions and
// limits, and written back. Foundation only.
