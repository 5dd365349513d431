/// Matching of `LIKE` patterns: `?` is exactly one element, `*` zero or more, and a
/// backslash makes the next pattern element literal.
///
/// Greedy with single-star backtracking: O(text × pattern) in the worst case, no recursion.
enum WildcardMatcher {
    static func matches<E: FixedWidthInteger>(_ text: UnsafeBufferPointer<E>, _ pattern: UnsafeBufferPointer<E>,
                                              foldASCII: Bool) -> Bool {
        let star = E(UInt8(ascii: "*")), one = E(UInt8(ascii: "?")), escape = E(UInt8(ascii: "\\"))
        @inline(__always) func fold(_ e: E) -> E {
            foldASCII && e &- 0x41 < 26 ? e | 0x20 : e
        }
        var t = 0, p = 0
        var starP = -1, starT = 0
        while t < text.count {
            if p < pattern.count {
                let pc = pattern[p]
                if pc == star {
                    starP = p; starT = t; p += 1
                    continue
                }
                if pc == one {
                    t += 1; p += 1
                    continue
                }
                var literal = pc, advance = 1
                if pc == escape && p + 1 < pattern.count { literal = pattern[p + 1]; advance = 2 }
                if fold(literal) == fold(text[t]) {
                    t += 1; p += advance
                    continue
                }
            }
            if starP >= 0 {
                p = starP + 1
                starT += 1
                t = starT
                continue
            }
            return false
        }
        while p < pattern.count && pattern[p] == star { p += 1 }
        return p == pattern.count
    }
}
