import Foundation

/// Prepares strings for the `[c]`, `[d]` and `[n]` options.
///
/// - `[c]` folds case (full case mapping: `ß` matches `SS`).
/// - `[d]` folds diacritics: canonical decomposition, then every combining mark is removed.
/// - `[n]` means the strings are already normalized: they are compared byte for byte and
///   `[c]`/`[d]` are ignored (`[n]` supersedes them, as Apple documents).
/// - Without `[n]`, non-ASCII strings are compared in NFC, so canonically equivalent
///   spellings (`é` and `e` + U+0301) are equal.
enum StringFolding {
    /// Whether every byte of `s` is ASCII.
    @inline(__always)
    static func isASCII(_ s: String) -> Bool {
        if let r = s.utf8.withContiguousStorageIfAvailable({ isASCII($0) }) { return r }
        return s.utf8.allSatisfy { $0 < 0x80 }
    }

    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var acc: UInt8 = 0
        for b in bytes { acc |= b }
        return acc < 0x80
    }

    /// Whether the options leave plain byte comparison (no options, or `[n]`).
    @inline(__always)
    static func isPlain(_ options: ComparisonPredicate.Options) -> Bool {
        options.isEmpty || options.contains(.normalized)
    }

    /// The comparison form of a string that is not ASCII (or when options need folding):
    /// folded per `options`, then NFC. `[n]` returns the string unchanged.
    static func fold(_ s: String, _ options: ComparisonPredicate.Options) -> String {
        if options.contains(.normalized) { return s }
        let ascii = isASCII(s)
        if ascii {
            return options.contains(.caseInsensitive) ? s.lowercased() : s
        }
        var t = s
        if options.contains(.caseInsensitive) { t = t.uppercased().lowercased() }
        if options.contains(.diacriticInsensitive) {
            var scalars = String.UnicodeScalarView()
            for u in t.decomposedStringWithCanonicalMapping.unicodeScalars where !isMark(u) {
                scalars.append(u)
            }
            t = String(scalars)
        }
        return t.precomposedStringWithCanonicalMapping
    }

    @inline(__always)
    private static func isMark(_ u: Unicode.Scalar) -> Bool {
        if u.value < 0x300 { return false }
        switch u.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// ASCII lowercase of one byte.
    @inline(__always)
    static func lower(_ b: UInt8) -> UInt8 {
        b &- 0x41 < 26 ? b | 0x20 : b
    }
}
