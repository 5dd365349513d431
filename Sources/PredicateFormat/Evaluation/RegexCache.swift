import Foundation
import Synchronization

/// `MATCHES`: ICU regular expressions (NSRegularExpression) that must match the whole
/// string, with `^`/`$` matching at line breaks and `.` matching a line break, as on Apple.
/// Compiled patterns are cached process-wide, keyed by pattern and options.
enum RegexMatching {
    private struct Key: Hashable {
        var pattern: String
        var caseInsensitive: Bool
    }

    /// Bounded: cleared when it would exceed this many patterns.
    private static let capacity = 512
    private static let cache = Mutex<[Key: NSRegularExpression]>([:])

    /// Whether `pattern` matches all of `text`.
    /// - `[c]` matches case-insensitively; `[d]` folds diacritics out of both the text and
    ///   the pattern first; `[n]` changes nothing.
    /// - Throws: `.invalidRegularExpression` when `pattern` is not a valid ICU pattern.
    static func matches(_ text: String, _ pattern: String,
                        options: ComparisonPredicate.Options) throws(PredicateEvaluationError) -> Bool {
        let mode = Mode(options)
        let regex = try compiled(mode.form(pattern), caseInsensitive: mode.caseInsensitive)
        return wholeMatch(regex, mode.form(text))
    }

    /// What the options do to `MATCHES` (shared with the compiled form's constant patterns):
    /// `[d]` folds diacritics out of both the text and the pattern, `[c]` matches
    /// case-insensitively, and `[n]` turns both off.
    struct Mode: Sendable {
        let foldDiacritics: Bool
        let caseInsensitive: Bool

        @inline(__always)
        init(_ options: ComparisonPredicate.Options) {
            let normalized = options.contains(.normalized)
            foldDiacritics = options.contains(.diacriticInsensitive) && !normalized
            caseInsensitive = options.contains(.caseInsensitive) && !normalized
        }

        /// The text or pattern as the regular expression sees it.
        @inline(__always)
        func form(_ s: String) -> String {
            foldDiacritics ? StringFolding.fold(s, .diacriticInsensitive) : s
        }
    }

    /// Whether a regex from ``build(_:caseInsensitive:)`` matches all of `text`.
    static func wholeMatch(_ regex: NSRegularExpression, _ text: String) -> Bool {
        let range = NSRange(location: 0, length: text.utf16.count)
        guard let m = regex.firstMatch(in: text, options: [.anchored], range: range) else { return false }
        return m.range.location == 0 && m.range.length == range.length
    }

    /// The compiled, whole-string form of `pattern`: `\A(?:pattern)\z`.
    private static func compiled(_ pattern: String, caseInsensitive: Bool) throws(PredicateEvaluationError) -> NSRegularExpression {
        let key = Key(pattern: pattern, caseInsensitive: caseInsensitive)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let regex = try build(pattern, caseInsensitive: caseInsensitive)
        cache.withLock { c in
            if c.count >= capacity { c.removeAll(keepingCapacity: true) }
            c[key] = regex
        }
        return regex
    }

    /// Compiles the whole-string form of `pattern` without the cache (the compiled form of a
    /// predicate keeps its own).
    static func build(_ pattern: String, caseInsensitive: Bool) throws(PredicateEvaluationError) -> NSRegularExpression {
        // Apple's MATCHES, as GNUstep's tests pin it down: the whole string must match, but
        // `^` and `$` also match at line breaks and `.` matches a line break.
        var options: NSRegularExpression.Options = [.anchorsMatchLines, .dotMatchesLineSeparators]
        if caseInsensitive { options.insert(.caseInsensitive) }
        // Validate the pattern as written, so errors describe what the user wrote.
        do {
            _ = try NSRegularExpression(pattern: pattern, options: options)
        } catch {
            throw PredicateEvaluationError(.invalidRegularExpression,
                "\"\(pattern)\" is not a valid ICU regular expression (\(error.localizedDescription))")
        }
        // Wrapped so alternations must cover the whole string ("a|ab" matches "ab"); if the
        // wrapping cannot compile (a trailing comment, say), fall back to the bare pattern
        // with an anchored whole-range check.
        let regex = (try? NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z", options: options))
            ?? (try? NSRegularExpression(pattern: pattern, options: options))
        guard let regex else {
            throw PredicateEvaluationError(.invalidRegularExpression, "\"\(pattern)\" could not be compiled")
        }
        return regex
    }
}
