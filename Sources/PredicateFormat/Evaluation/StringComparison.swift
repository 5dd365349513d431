import Foundation

/// The string operators (`==`, ordering, `BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `LIKE`) under
/// the `[c]`, `[d]` and `[n]` options; see ``StringFolding`` for what the options mean.
///
/// ASCII strings (the common case) are compared in place, folding case byte by byte, with no
/// allocation; other strings are folded into a comparison form first.
enum StringComparison {
    /// Runs `body` over the comparison bytes of both strings; the flag asks `body` to fold
    /// ASCII case itself.
    @inline(__always)
    static func withPrepared<T>(
        _ l: String, _ r: String, _ options: ComparisonPredicate.Options,
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, Bool) -> T
    ) -> T {
        var l = l, r = r
        var foldCase = false
        if !options.contains(.normalized) {
            if StringFolding.isASCII(l) && StringFolding.isASCII(r) {
                foldCase = options.contains(.caseInsensitive)
            } else {
                l = StringFolding.fold(l, options)
                r = StringFolding.fold(r, options)
            }
        }
        return l.withUTF8 { lb in r.withUTF8 { rb in body(lb, rb, foldCase) } }
    }

    /// `==` on two strings.
    static func equal(_ l: String, _ r: String, options: ComparisonPredicate.Options) -> Bool {
        if options.isEmpty { return l == r }
        return withPrepared(l, r, options, equalBytes)
    }

    /// Whether two comparison forms are equal (folding ASCII case when `fold`).
    @inline(__always)
    static func equalBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ fold: Bool) -> Bool {
        a.count == b.count && bytesEqual(a, b, from: 0, fold)
    }

    /// Orders two strings by Unicode scalar values of their comparison forms.
    static func order(_ l: String, _ r: String, options: ComparisonPredicate.Options) -> ComparisonResult {
        if options.isEmpty { return l < r ? .orderedAscending : (l == r ? .orderedSame : .orderedDescending) }
        return withPrepared(l, r, options, orderBytes)
    }

    /// Orders two comparison forms byte by byte (folding ASCII case when `fold`).
    @inline(__always)
    static func orderBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ fold: Bool) -> ComparisonResult {
        let n = min(a.count, b.count)
        for i in 0..<n {
            let x = fold ? StringFolding.lower(a[i]) : a[i]
            let y = fold ? StringFolding.lower(b[i]) : b[i]
            if x != y { return x < y ? .orderedAscending : .orderedDescending }
        }
        return a.count == b.count ? .orderedSame : (a.count < b.count ? .orderedAscending : .orderedDescending)
    }

    /// `BEGINSWITH`.
    static func beginsWith(_ l: String, _ r: String, options: ComparisonPredicate.Options) -> Bool {
        withPrepared(l, r, options, prefixBytes)
    }

    /// Whether comparison form `a` begins with `b` (folding ASCII case when `fold`).
    @inline(__always)
    static func prefixBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ fold: Bool) -> Bool {
        b.count <= a.count && bytesEqual(a, b, from: 0, fold)
    }

    /// `ENDSWITH`.
    static func endsWith(_ l: String, _ r: String, options: ComparisonPredicate.Options) -> Bool {
        withPrepared(l, r, options, suffixBytes)
    }

    /// Whether comparison form `a` ends with `b` (folding ASCII case when `fold`).
    @inline(__always)
    static func suffixBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ fold: Bool) -> Bool {
        b.count <= a.count && bytesEqual(a, b, from: a.count - b.count, fold)
    }

    /// `CONTAINS` on two strings: `r` occurs in `l`. The empty string occurs in every string.
    static func contains(_ l: String, _ r: String, options: ComparisonPredicate.Options) -> Bool {
        withPrepared(l, r, options, containsBytes)
    }

    /// Whether comparison form `b` occurs in `a` (folding ASCII case when `fold`).
    @inline(__always)
    static func containsBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ fold: Bool) -> Bool {
        if b.isEmpty { return true }
        if b.count > a.count { return false }
        if !fold, let ab = a.baseAddress, let bb = b.baseAddress {
            return find(ab, a.count, bb, b.count)
        }
        for start in 0...(a.count - b.count) where bytesEqual(a, b, from: start, fold) { return true }
        return false
    }

    /// Whether the `n` bytes at `needle` occur in the `count` bytes at `haystack` (`n` ≥ 1):
    /// `memchr` for the first byte, then `memcmp`.
    private static func find(_ haystack: UnsafePointer<UInt8>, _ count: Int,
                             _ needle: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        let first = Int32(needle[0])
        var offset = 0
        let last = count - n
        while offset <= last {
            guard let hit = memchr(haystack + offset, first, last - offset + 1) else { return false }
            let at = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(at, needle, n) == 0 { return true }
            offset = at - haystack + 1
        }
        return false
    }

    /// Whether `b` occurs in `a` at byte offset `start` (the caller checked the length).
    @inline(__always)
    static func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>,
                           from start: Int, _ fold: Bool) -> Bool {
        if fold {
            for i in 0..<b.count where StringFolding.lower(a[start + i]) != StringFolding.lower(b[i]) {
                return false
            }
            return true
        }
        guard let ab = a.baseAddress, let bb = b.baseAddress else { return b.isEmpty }
        return memcmp(ab + start, bb, b.count) == 0
    }

    /// `LIKE`: `?` matches one character, `*` any run of characters, `\` escapes the next one.
    static func like(_ l: String, _ pattern: String, options: ComparisonPredicate.Options) -> Bool {
        if options.contains(.normalized) || !(StringFolding.isASCII(l) && StringFolding.isASCII(pattern)) {
            let text = Array(StringFolding.fold(l, options).unicodeScalars.lazy.map(\.value))
            let pat = Array(StringFolding.fold(pattern, options).unicodeScalars.lazy.map(\.value))
            return text.withUnsafeBufferPointer { t in
                pat.withUnsafeBufferPointer { p in WildcardMatcher.matches(t, p, foldASCII: false) }
            }
        }
        return withPrepared(l, pattern, options) { t, p, fold in
            WildcardMatcher.matches(t, p, foldASCII: fold)
        }
    }
}
