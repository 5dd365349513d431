import Foundation

/// The ways a file says it holds another project's code, each looked for in a file's
/// comments and, in prose files (Markdown, text), in every line.
///
/// The project holds only code written here: facts about other projects carry over (an API's
/// name, what a plist key means, which type identifiers a corpus uses), their code does not.
/// These rules find the notes that come with copied code: a claim of being a copy, a
/// repository and commit it was taken at, its authors' notices and licence grants.
enum ProvenanceRule: String, CaseIterable, Sendable {
    /// The file calls itself, or part of itself, an exact copy of something ("… but for the
    /// imports"); a line naming one of the project's seed documents may (see
    /// ``namesSeedDocument(_:)``).
    case verbatim
    /// It says it was copied, taken, ported or adapted from a URL, an `owner/repo` or another
    /// project.
    case copiedFrom = "copied-from"
    /// A comment names an `owner/repo` and, on that line or the two comment lines after it,
    /// a commit: where the code was taken. Comments only: a fixture's README naming the
    /// repository and commit its facts came from is prose, and facts may be carried over.
    case repositoryAtCommit = "repository-at-commit"
    /// An authors' notice: the word, then a C in parentheses, the circled C or a year. The
    /// project puts none on its own files; one naming Appex is allowed.
    case copyrightNotice = "copyright-notice"
    /// A machine-readable licence line: an SPDX licence identifier.
    case spdxLicence = "spdx-licence"
    /// A licence grant ("licensed" followed by "under" or "to"), or the Apache, MIT, BSD, MPL
    /// and GPL boilerplate.
    case licenceGrant = "licence-grant"
    /// Xcode's file header, "Created by NAME on DATE": written in another project's Xcode.
    case xcodeFileHeader = "xcode-file-header"

    /// Whether the rule looks at prose files' lines as well as comments.
    var readsProse: Bool { self != .repositoryAtCommit }

    /// Whether `line` (a comment's text or a prose line) breaks the rule; `following` holds
    /// the next lines of the same comment, for a note spread over lines. Cheap tests on the
    /// lowered text come first; most lines never reach a regular expression.
    func isBroken(by line: String, following: ArraySlice<String>) -> Bool {
        let lowered = line.lowercased()
        switch self {
        case .verbatim:
            guard lowered.contains("verbatim"), !Pattern.seedDocument.matches(line) else { return false }
            return Pattern.verbatim.matches(line)
        case .copiedFrom:
            guard lowered.contains(" from "),
                  ["copied", "taken", "ported", "adapted", "borrowed", "lifted", "derived", "vendored"].contains(where: lowered.contains)
            else { return false }
            return Pattern.copiedFrom.matches(line)
        case .repositoryAtCommit:
            let window = [line] + following
            guard line.contains("/"), window.contains(where: Self.hasHexRun), Pattern.repository.matches(line) else { return false }
            return window.contains(where: Pattern.commit.matches)
        case .copyrightNotice:
            guard lowered.contains("copyright") || lowered.contains("©"), !lowered.contains("appex") else { return false }
            return Pattern.copyrightNotice.matches(line)
        case .spdxLicence:
            return lowered.contains("spdx") && Pattern.spdxLicence.matches(line)
        case .licenceGrant:
            guard ["licensed", "permission is hereby", "redistribution", "mozilla public", "general public", "apache license"].contains(where: lowered.contains)
            else { return false }
            return Pattern.licenceGrant.matches(line)
        case .xcodeFileHeader:
            return lowered.contains("created by") && Pattern.xcodeFileHeader.matches(line)
        }
    }

    /// Whether `text` has seven hexadecimal digits in a row (a commit may follow); a cheap
    /// test before the regular expressions.
    static func hasHexRun(_ text: String) -> Bool {
        var run = 0
        for byte in text.utf8 {
            let isHex = (48...57).contains(byte) || (97...102).contains(byte)
            run = isHex ? run + 1 : 0
            if run >= 7 { return true }
        }
        return false
    }
}

/// The rules' regular expressions, compiled once (case-insensitive).
enum Pattern {
    /// A claim of an exact copy.
    static let verbatim = Compiled(#"\bverbatim\s+(but|except|apart|save|from|copy|of)\b|\b(copied|copy|taken|reproduced|included|kept)\s+verbatim\b"#)
    /// The project's seed documents (shared/seeds; "Seed 003", "the seed document 000"),
    /// whose examples the project ports on purpose (docs/PORTING.md): a port of a seed may
    /// say it is exact.
    static let seedDocument = Compiled(#"\bseed\s+(document\s+)?\d{3}\b"#)
    static let copiedFrom = Compiled(#"\b(copied|taken|ported|adapted|borrowed|lifted|derived|vendored)\s+(verbatim\s+)?from\s+(https?://|[a-z0-9][\w.-]*/[\w.-]+|(the\s+)?[\w.-]+('s)?\s+(project|repository|repo|codebase|library|sources)\b)"#)
    /// An `owner/repo`, or any two names joined by a slash (a path in the repository).
    static let repository = Compiled(#"\b[a-z0-9][a-z0-9-]*/[a-z0-9][\w.-]*"#)
    static let commit = Compiled(#"\b[0-9a-f]{40}\b|\bcommit\s+[0-9a-f]{7,40}\b"#)
    static let copyrightNotice = Compiled(#"\bcopyright\s*(\(c\)|©|\d{4})|©\s*\d{4}"#)
    static let spdxLicence = Compiled(#"spdx-license-identifier\s*:"#)
    static let licenceGrant = Compiled(#"\blicensed\s+(under|to)\b|permission is hereby granted|redistribution and use in source and binary forms|subject to the terms of the mozilla public|gnu (lesser |affero )?general public license|under the apache license"#)
    static let xcodeFileHeader = Compiled(#"^\s*created by .+ on \d{1,4}[./-]\d{1,2}[./-]\d{1,4}\.?\s*$"#)

    static let all: [Compiled] = [verbatim, seedDocument, copiedFrom, repository, commit, copyrightNotice, spdxLicence, licenceGrant, xcodeFileHeader]

    /// A pattern and its compiled form; `nil` if it does not compile (a test checks they all do).
    struct Compiled: Sendable {
        let source: String
        let expression: NSRegularExpression?

        init(_ source: String) {
            self.source = source
            expression = try? NSRegularExpression(pattern: source, options: [.caseInsensitive])
        }

        func matches(_ text: String) -> Bool {
            expression?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
    }
}
