// The predicate format language: Syntax/ (the tree), Parsing/, Printing/, Evaluation/, Value/.
@_exported import TypeIdentifiers
