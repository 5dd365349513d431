/// The names of the functions a format string may call.
enum BuiltinFunction {
    /// The built-in functions of Apple's grammar, lowercased.
    static let names: Set<String> = [
        "sum", "count", "min", "max", "average", "median", "mode", "stddev", "sqrt", "log", "ln",
        "exp", "floor", "ceiling", "abs", "trunc", "random", "randomn", "now",
    ]

    /// Function-like forms Apple accepts that Appex rejects as unsupported.
    static let unsupportedNames: Set<String> = ["function", "ternary"]
}
