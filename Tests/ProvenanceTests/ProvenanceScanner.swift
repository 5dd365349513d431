import Foundation

/// A line that breaks a ``ProvenanceRule``.
struct ProvenanceFinding: Equatable, Sendable, CustomStringConvertible {
    /// The file's path from the scanned root (`Tests/PortingTests/…`).
    let path: String
    /// One-based.
    let line: Int
    let rule: ProvenanceRule
    /// The comment or prose line, trimmed.
    let text: String

    var description: String { "\(path):\(line): \(rule.rawValue): \(text)" }
}

/// How a file's lines are read: which parts are comments, or whether every line is prose.
enum FileSyntax: Equatable, Sendable {
    /// `//` and `/* */` (Swift, C, JavaScript, CSS, module maps).
    case slashes
    /// `#` to the end of the line (Python, shell, YAML).
    case hash
    /// `<!-- -->` (property lists, HTML, XML).
    case markup
    /// Every line is text (Markdown, plain text).
    case prose
    /// No comments (JSON, TSV, binary files): nothing to read.
    case data

    init(fileName: String) {
        switch URL(fileURLWithPath: fileName).pathExtension.lowercased() {
        case "swift", "c", "h", "m", "mm", "cc", "cpp", "hpp", "js", "mjs", "ts", "css", "modulemap", "java", "kt", "go", "rs":
            self = .slashes
        case "py", "sh", "bash", "rb", "yml", "yaml", "toml":
            self = .hash
        case "plist", "html", "htm", "xml", "svg", "storyboard", "xib", "entitlements":
            self = .markup
        case "md", "markdown", "txt", "rtf":
            self = .prose
        default:
            self = .data
        }
    }
}

/// The lines of one file the rules read, with their one-based numbers: comments' text, or
/// every line of a prose file.
struct ReadableLine: Equatable, Sendable {
    let number: Int
    let text: String
    let isComment: Bool
}

enum CommentReader {
    /// The comment text on each line of `contents` (lines without one are left out), or
    /// every non-empty line of a prose file.
    static func lines(of contents: String, syntax: FileSyntax) -> [ReadableLine] {
        let lines = contents.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
        switch syntax {
        case .data:
            return []
        case .prose:
            return lines.enumerated().compactMap { index, line in
                line.trimmingCharacters(in: .whitespaces).isEmpty ? nil : ReadableLine(number: index + 1, text: line, isComment: false)
            }
        case .slashes, .hash, .markup:
            var state = ScanState()
            return lines.enumerated().compactMap { index, line in
                let comment = state.comment(in: line, syntax: syntax)
                return comment.trimmingCharacters(in: .whitespaces).isEmpty ? nil : ReadableLine(number: index + 1, text: comment, isComment: true)
            }
        }
    }

    /// What carries over from one line to the next: an open block comment or multi-line string.
    struct ScanState {
        var inBlockComment = false
        var inMultilineString = false

        /// The parts of `line` that are comments, joined; string literals are not comments.
        mutating func comment(in line: String, syntax: FileSyntax) -> String {
            let bytes = Array(line.utf8)
            var comment: [UInt8] = []
            var index = 0
            var quote: UInt8?
            let (open, close): ([UInt8], [UInt8]) = syntax == .markup ? (Array("<!--".utf8), Array("-->".utf8)) : (Array("/*".utf8), Array("*/".utf8))
            let slash = UInt8(ascii: "/"), hash = UInt8(ascii: "#"), backslash = UInt8(ascii: "\\")
            let doubleQuote = UInt8(ascii: "\""), singleQuote = UInt8(ascii: "'")

            func starts(_ needle: [UInt8], at position: Int) -> Bool {
                guard position + needle.count <= bytes.count else { return false }
                for offset in needle.indices where bytes[position + offset] != needle[offset] { return false }
                return true
            }
            func startsTripleQuote(at position: Int) -> Bool {
                position + 3 <= bytes.count && bytes[position] == doubleQuote && bytes[position + 1] == doubleQuote && bytes[position + 2] == doubleQuote
            }

            while index < bytes.count {
                if inBlockComment {
                    if starts(close, at: index) {
                        inBlockComment = false
                        index += close.count
                        comment.append(UInt8(ascii: " "))
                    } else {
                        comment.append(bytes[index])
                        index += 1
                    }
                } else if inMultilineString {
                    if startsTripleQuote(at: index) { inMultilineString = false; index += 3 } else { index += 1 }
                } else if let open = quote {
                    if bytes[index] == backslash { index += 2; continue }
                    if bytes[index] == open { quote = nil }
                    index += 1
                } else if syntax == .markup {
                    if starts(open, at: index) { inBlockComment = true; index += open.count } else { index += 1 }
                } else if syntax == .hash, bytes[index] == hash {
                    comment += bytes[(index + 1)...]
                    break
                } else if syntax == .slashes, bytes[index] == slash, index + 1 < bytes.count, bytes[index + 1] == slash {
                    comment += bytes[(index + 2)...]
                    break
                } else if syntax == .slashes, starts(open, at: index) {
                    inBlockComment = true
                    index += open.count
                } else if syntax == .slashes, startsTripleQuote(at: index) {
                    inMultilineString = true
                    index += 3
                } else if bytes[index] == doubleQuote || bytes[index] == singleQuote {
                    quote = bytes[index]
                    index += 1
                } else {
                    index += 1
                }
            }
            return String(decoding: comment, as: UTF8.self)
        }
    }
}

/// Files whose provenance is declared as data: a `MANIFEST.tsv` beside them names, in its
/// `file` column, each file with the `repo`, `path` and `commit` it was taken from (the corpus
/// of real Info.plists, Tests/Corpus). Such a file is a copy on purpose, read by the tests as
/// data, and its notes are its authors'; the rules pass over it.
struct DataManifest: Sendable {
    /// The files the manifest declares, by name.
    let declared: Set<String>
    /// Rows that name a file without a repository, path or commit.
    let incomplete: [String]

    init(tsv: String) {
        let rows = tsv.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        guard let header = rows.first,
              let file = header.firstIndex(of: "file"), let repo = header.firstIndex(of: "repo"),
              let path = header.firstIndex(of: "path"), let commit = header.firstIndex(of: "commit") else {
            declared = []
            incomplete = rows.first.map { ["header without file, repo, path and commit columns: \($0.joined(separator: " "))"] } ?? []
            return
        }
        var declared: Set<String> = []
        var incomplete: [String] = []
        for row in rows.dropFirst() where row.count > max(file, repo, path, commit) {
            if !row[repo].isEmpty, !row[path].isEmpty, row[commit].contains(#/^[0-9a-f]{7,40}$/#) {
                declared.insert(row[file])
            } else {
                incomplete.append(row[file])
            }
        }
        self.declared = declared
        self.incomplete = incomplete
    }
}

/// What a scan of a tree found.
struct ProvenanceReport: Sendable {
    var findings: [ProvenanceFinding] = []
    /// Text files read (comments or prose); binary files and declared data are not counted.
    var filesRead = 0
    /// Files passed over as declared data (``DataManifest``), by path.
    var declaredData: [String] = []
    /// What keeps the scan from vouching for the tree: a folder that cannot be read, a
    /// manifest row that declares a file which is not there, or without its repository, path
    /// or commit.
    var problems: [String] = []
}

enum ProvenanceScanner {
    /// The findings in one file's text.
    static func findings(in contents: String, path: String) -> [ProvenanceFinding] {
        let fileName = String(path.split(separator: "/").last ?? Substring(path))
        let lines = CommentReader.lines(of: contents, syntax: FileSyntax(fileName: fileName))
        var findings: [ProvenanceFinding] = []
        for (position, line) in lines.enumerated() {
            // The rest of the same comment: the lines right after this one.
            var following: [String] = []
            var next = position + 1
            while next < lines.count, following.count < 2, lines[next].isComment, lines[next].number == line.number + following.count + 1 {
                following.append(lines[next].text)
                next += 1
            }
            for rule in ProvenanceRule.allCases where (line.isComment || rule.readsProse) && rule.isBroken(by: line.text, following: following[...]) {
                findings.append(ProvenanceFinding(path: path, line: line.number, rule: rule,
                                                  text: line.text.trimmingCharacters(in: .whitespaces)))
            }
        }
        return findings
    }

    /// Reads every file under `folders` of `root`, except hidden ones (`.build`), binary
    /// files and data declared by a `MANIFEST.tsv`.
    static func scan(root: URL, folders: [String]) throws -> ProvenanceReport {
        var report = ProvenanceReport()
        let manager = FileManager.default
        for folder in folders {
            let top = root.appendingPathComponent(folder)
            guard let walker = manager.enumerator(at: top, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else {
                report.problems.append("\(folder): cannot be read")
                continue
            }
            var files: [URL] = []
            for case let url as URL in walker {
                if try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true { files.append(url) }
            }
            var manifests: [String: DataManifest] = [:]
            for manifest in files where manifest.lastPathComponent == "MANIFEST.tsv" {
                let parsed = DataManifest(tsv: try String(contentsOf: manifest, encoding: .utf8))
                let directory = manifest.deletingLastPathComponent()
                manifests[directory.path] = parsed
                let relative = relativePath(of: directory, under: root)
                report.problems += parsed.incomplete.map { "\(relative)/MANIFEST.tsv: \($0) has no repository, path or commit" }
                for name in parsed.declared.sorted() where !manager.fileExists(atPath: directory.appendingPathComponent(name).path) {
                    report.problems.append("\(relative)/MANIFEST.tsv: declares \(name), which is not there")
                }
            }
            for file in files.sorted(by: { $0.path < $1.path }) {
                let path = relativePath(of: file, under: root)
                if manifests[file.deletingLastPathComponent().path]?.declared.contains(file.lastPathComponent) == true {
                    report.declaredData.append(path)
                    continue
                }
                let data = try Data(contentsOf: file)
                guard !data.contains(0), let contents = String(data: data, encoding: .utf8) else { continue }
                report.filesRead += 1
                report.findings += findings(in: contents, path: path)
            }
        }
        return report
    }

    static func relativePath(of url: URL, under root: URL) -> String {
        let base = root.standardizedFileURL.path
        let full = url.standardizedFileURL.path
        return full.hasPrefix(base + "/") ? String(full.dropFirst(base.count + 1)) : full
    }
}
