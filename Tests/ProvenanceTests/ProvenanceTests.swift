import Foundation
import Testing

/// The project holds only code written here. These tests read every file under Sources/,
/// Tests/ and Examples/ for the notes that come with another project's code (``ProvenanceRule``),
/// and check each rule on a sample it must flag and a sample it must not.
@Suite
struct ProvenanceTests {
    /// The repository: this file is Tests/ProvenanceTests/ProvenanceTests.swift (symbolic
    /// links resolved, for a package that links to the repository's folders).
    static let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let folders = ["Sources", "Tests", "Examples"]

    @Test("no file under Sources/, Tests/ or Examples/ says it holds another project's code")
    func repository() throws {
        let report = try ProvenanceScanner.scan(root: Self.root, folders: Self.folders)
        #expect(report.filesRead > 500, "read \(report.filesRead) files under \(Self.root.path): is that the repository?")
        #expect(report.problems.isEmpty, "\(report.problems.joined(separator: "\n"))")
        for finding in report.findings {
            Issue.record("\(finding.description)\n(the project holds only code written here: write this file anew, or remove it)")
        }
    }

    /// A line a rule must flag, where it must, or a sample no rule may flag.
    struct Flagged: Equatable, Sendable, CustomStringConvertible {
        let line: Int
        let rule: ProvenanceRule
        var description: String { "\(line): \(rule.rawValue)" }
    }

    /// A sample file and what the rules find in it.
    struct RuleCase: CustomTestStringConvertible, Sendable {
        let name: String
        /// The rule the sample is about.
        let rule: ProvenanceRule
        let fileName: String
        /// The sample as written here: its notices broken by ‸ so that this file itself
        /// carries none (the project's own check, and any other, would rightly flag it).
        let written: String
        /// Every finding the sample gives; empty for a sample that must not be flagged.
        let flagged: [Flagged]

        init(name: String, rule: ProvenanceRule, fileName: String, contents: String, flagged: [Flagged]) {
            self.name = name
            self.rule = rule
            self.fileName = fileName
            written = contents
            self.flagged = flagged
        }

        /// The sample as the scanner reads it.
        var contents: String { written.replacingOccurrences(of: "‸", with: "") }
        var testDescription: String { "\(rule.rawValue): \(name.replacingOccurrences(of: "‸", with: ""))" }
    }

    static let ruleCases: [RuleCase] = [
        RuleCase(name: "a port that says it is exact but for the imports", rule: .verbatim, fileName: "Handler.swift",
                 contents: "// mastodon/‸mastodon-ios, an action extension: verba‸tim but for the imports\nimport Foundation\n",
                 flagged: [Flagged(line: 1, rule: .verbatim)]),
        RuleCase(name: "a README that says its helpers were copied exactly", rule: .verbatim, fileName: "README.md",
                 contents: "# Helpers\n\nThe helpers below were copied verba‸tim from the app.\n",
                 flagged: [Flagged(line: 3, rule: .verbatim)]),
        RuleCase(name: "the word about data, not about the file", rule: .verbatim, fileName: "Echo.swift",
                 contents: "/// The server echoes the header verba‸tim.\nstruct Echo {}\n",
                 flagged: []),
        RuleCase(name: "a seed document's example (docs/PORTING.md: seeds 000 and 003)", rule: .verbatim, fileName: "Seed003.swift",
                 contents: "// Seed 003 (a blog's custom share extension), verba‸tim but for the imports:\nimport Foundation\n",
                 flagged: []),
        RuleCase(name: "a string literal, not a comment", rule: .verbatim, fileName: "Check.swift",
                 contents: "let message = \"the page must hold the table verba‸tim but for spacing\"\n",
                 flagged: []),

        RuleCase(name: "cop‸ied from a GitHub URL", rule: .copiedFrom, fileName: "Feed.swift",
                 contents: "import Foundation\n\n// Cop‸ied from https://github.com/example/feeds/blob/main/Feed.swift\nstruct Feed {}\n",
                 flagged: [Flagged(line: 3, rule: .copiedFrom)]),
        RuleCase(name: "adapted from an owner/repo, in a C block comment", rule: .copiedFrom, fileName: "tokens.c",
                 contents: "/* Adap‸ted from example/parsers' tokenizer. */\nint tokens;\n",
                 flagged: [Flagged(line: 1, rule: .copiedFrom)]),
        RuleCase(name: "files cop‸ied from a folder (the bundle builder)", rule: .copiedFrom, fileName: "BundleBuilder.swift",
                 contents: "/// Each executable is cop‸ied from the products folder by its Info.plist's name.\nstruct BundleBuilder {}\n",
                 flagged: []),
        RuleCase(name: "a help text about copying from .build/debug", rule: .copiedFrom, fileName: "help-bundle.txt",
                 contents: "Each bundle's executable is\ncop‸ied from the products folder (such as .build/debug).\n",
                 flagged: []),

        RuleCase(name: "a header naming a repository, then its commit on the next line", rule: .repositoryAtCommit, fileName: "Handler.swift",
                 contents: "// example/widgets, Sources/Feed.swift\n// (commit 0123456789abcdef‸0123456789abcdef01234567): a feed.\nimport Foundation\n",
                 flagged: [Flagged(line: 1, rule: .repositoryAtCommit)]),
        RuleCase(name: "a blob URL at a commit", rule: .repositoryAtCommit, fileName: "widget.js",
                 contents: "// See github.com/example/widgets/blob/0123456789abcdef‸0123456789abcdef01234567/feed.js\nlet feed = 1;\n",
                 flagged: [Flagged(line: 1, rule: .repositoryAtCommit)]),
        RuleCase(name: "a repository named as a model, without a commit", rule: .repositoryAtCommit, fileName: "Launcher.swift",
                 contents: "// Scoped lifetimes, as swiftlang/swift-subprocess's run(…) { } has them.\nstruct Launcher {}\n",
                 flagged: []),
        RuleCase(name: "a fixture README citing where its facts came from (prose)", rule: .repositoryAtCommit, fileName: "predicate-cases-README.md",
                 contents: "| suite | repo | path | commit |\n| corelibs | swiftlang/swift-corelibs-foundation | Tests/Foundation/TestNSPredicate.swift | 085e789603a6ea3e‸92508b205e68d7bc257347b6 |\n",
                 flagged: []),
        RuleCase(name: "a repository and a commit in two separate comments", rule: .repositoryAtCommit, fileName: "Parser.swift",
                 contents: "// example/widgets parses the same way.\nlet depth = 1\n// commit 0123456 changed the depth\n",
                 flagged: []),

        RuleCase(name: "Xcode's notice in a Swift header", rule: .copyrightNotice, fileName: "ShareViewController.swift",
                 contents: "//\n//  ShareViewController.swift\n//  Copy‸right © 2017 Example Author. All rights re‸served.\n//\n",
                 flagged: [Flagged(line: 3, rule: .copyrightNotice)]),
        RuleCase(name: "a notice in a property list's comment", rule: .copyrightNotice, fileName: "Info.plist",
                 contents: "<?xml version=\"1.0\"?>\n<!--\n  Copy‸right (c) 2020 Example Ltd.\n-->\n<plist version=\"1.0\"/>\n",
                 flagged: [Flagged(line: 3, rule: .copyrightNotice)]),
        RuleCase(name: "the Info.plist key that holds a bundle's notice", rule: .copyrightNotice, fileName: "Bundle.swift",
                 contents: "/// NSHumanReadableCopy‸right: the bundle's copy‸right line, a string.\nstruct Bundle {}\n",
                 flagged: []),
        RuleCase(name: "a notice as a property list value (data, not a comment)", rule: .copyrightNotice, fileName: "Info.plist",
                 contents: "<plist><dict><key>NSHumanReadableCopy‸right</key><string>Copy‸right © 2021 Example Inc.</string></dict></plist>\n",
                 flagged: []),
        RuleCase(name: "the project's own notice", rule: .copyrightNotice, fileName: "Notice.swift",
                 contents: "// Copy‸right © 2026 the Appex contributors\n",
                 flagged: []),

        RuleCase(name: "an SPDX line", rule: .spdxLicence, fileName: "Share.swift",
                 contents: "//\n// SPDX-Licen‸se-Identifier: AGPL-3.0-only\nimport Foundation\n",
                 flagged: [Flagged(line: 2, rule: .spdxLicence)]),
        RuleCase(name: "SPDX named in passing", rule: .spdxLicence, fileName: "Licences.swift",
                 contents: "// SPDX identifiers are not parsed here.\nstruct Licences {}\n",
                 flagged: []),

        RuleCase(name: "the Apache grant", rule: .licenceGrant, fileName: "Widget.swift",
                 contents: "//  Licen‸sed under the Apache License, Version 2.0 (the \"License\");\nimport Foundation\n",
                 flagged: [Flagged(line: 1, rule: .licenceGrant)]),
        RuleCase(name: "the MIT grant in a Python comment", rule: .licenceGrant, fileName: "tool.py",
                 contents: "# Permission is here‸by granted, free of charge, to any person obtaining a copy\nprint('x')\n",
                 flagged: [Flagged(line: 1, rule: .licenceGrant)]),
        RuleCase(name: "the MPL header", rule: .licenceGrant, fileName: "Tab.swift",
                 contents: "/* This Source Code Form is subject to the terms of the Mozilla Pub‸lic\n * License, v. 2.0. */\nimport Foundation\n",
                 flagged: [Flagged(line: 1, rule: .licenceGrant)]),
        RuleCase(name: "a licence file named in passing", rule: .licenceGrant, fileName: "Lint.swift",
                 contents: "/// A bundle may carry its own licence file; lint does not read it.\nstruct Lint {}\n",
                 flagged: []),

        RuleCase(name: "Xcode's created-by line", rule: .xcodeFileHeader, fileName: "TodayViewController.swift",
                 contents: "//\n//  TodayViewController.swift\n//  TodayExtension\n//\n//  Crea‸ted by Example Author on 15/04/19.\n//\n",
                 flagged: [Flagged(line: 5, rule: .xcodeFileHeader)]),
        RuleCase(name: "created by a command, not an author on a date", rule: .xcodeFileHeader, fileName: "Store.swift",
                 contents: "/// Crea‸ted by `appex bundle` on first install.\nstruct Store {}\n",
                 flagged: []),
    ]

    @Test("each rule on its samples", arguments: ruleCases)
    func rule(_ sample: RuleCase) {
        let found = ProvenanceScanner.findings(in: sample.contents, path: "Samples/\(sample.fileName)")
        #expect(found.map { Flagged(line: $0.line, rule: $0.rule) } == sample.flagged)
        #expect(found.allSatisfy { $0.path == "Samples/\(sample.fileName)" })
    }

    @Test("every rule has a sample it flags and a sample it must not", arguments: ProvenanceRule.allCases)
    func testedBothWays(_ rule: ProvenanceRule) {
        let samples = Self.ruleCases.filter { $0.rule == rule }
        #expect(samples.contains { $0.flagged.contains { $0.rule == rule } }, "no sample that \(rule.rawValue) must flag")
        #expect(samples.contains { $0.flagged.isEmpty }, "no sample that \(rule.rawValue) must not flag")
    }

    @Test("every rule's regular expression compiles")
    func patternsCompile() {
        for pattern in Pattern.all {
            #expect(pattern.expression != nil, "\(pattern.source) does not compile")
        }
    }

    /// A line of a file and what the reader takes of it.
    struct ReaderCase: CustomTestStringConvertible, Sendable {
        let name: String
        let fileName: String
        let contents: String
        /// The line numbers read, each with its text trimmed.
        let read: [String]
        var testDescription: String { name }
    }

    static let readerCases: [ReaderCase] = [
        ReaderCase(name: "a Swift line comment after code; a URL in a string is not one",
                   fileName: "A.swift", contents: "let page = \"https://example.org\" // the page\n",
                   read: ["1: the page"]),
        ReaderCase(name: "a block comment over lines", fileName: "A.c",
                   contents: "int a; /* one\n two\n three */ int b;\n",
                   read: ["1: one", "2: two", "3: three"]),
        ReaderCase(name: "a multi-line string's lines are not comments", fileName: "A.swift",
                   contents: "let text = \"\"\"\n// not a comment\n\"\"\"\n// a comment\n",
                   read: ["4: a comment"]),
        ReaderCase(name: "a property list's comment", fileName: "Info.plist",
                   contents: "<plist>\n<!-- a note -->\n<string>value</string>\n</plist>\n",
                   read: ["2: a note"]),
        ReaderCase(name: "every line of Markdown", fileName: "README.md",
                   contents: "# Title\n\nText.\n",
                   read: ["1: # Title", "3: Text."]),
        ReaderCase(name: "nothing of JSON", fileName: "cases.json",
                   contents: "{\"note\": \"// not read\"}\n",
                   read: []),
    ]

    @Test("what the reader takes for comments", arguments: readerCases)
    func reader(_ sample: ReaderCase) {
        let lines = CommentReader.lines(of: sample.contents, syntax: FileSyntax(fileName: sample.fileName))
        #expect(lines.map { "\($0.number): \($0.text.trimmingCharacters(in: .whitespaces))" } == sample.read)
    }

    /// A `MANIFEST.tsv` and whether it declares a file as data.
    struct ManifestCase: CustomTestStringConvertible, Sendable {
        let name: String
        let tsv: String
        let file: String
        let declared: Bool
        let incomplete: Int
        var testDescription: String { name }
    }

    static let manifestHeader = "file\trepo\tpath\tcommit\tnote\n"

    static let manifestCases: [ManifestCase] = [
        ManifestCase(name: "a row with repository, path and commit: declared",
                     tsv: manifestHeader + "001-a.plist\texample/app\tShare/Info.plist\t0123456789abcdef0123456789abcdef01234567\tshare\n",
                     file: "001-a.plist", declared: true, incomplete: 0),
        ManifestCase(name: "a file the manifest does not list: not declared",
                     tsv: manifestHeader + "001-a.plist\texample/app\tShare/Info.plist\t0123456789abcdef0123456789abcdef01234567\tshare\n",
                     file: "002-b.plist", declared: false, incomplete: 0),
        ManifestCase(name: "a row without its commit: not declared, and reported",
                     tsv: manifestHeader + "001-a.plist\texample/app\tShare/Info.plist\t\tshare\n",
                     file: "001-a.plist", declared: false, incomplete: 1),
        ManifestCase(name: "a manifest without a commit column: declares nothing, and reported",
                     tsv: "file\trepo\tpath\n001-a.plist\texample/app\tShare/Info.plist\n",
                     file: "001-a.plist", declared: false, incomplete: 1),
    ]

    @Test("data declared by a MANIFEST.tsv (the corpus of Info.plists)", arguments: manifestCases)
    func manifest(_ sample: ManifestCase) {
        let manifest = DataManifest(tsv: sample.tsv)
        #expect(manifest.declared.contains(sample.file) == sample.declared)
        #expect(manifest.incomplete.count == sample.incomplete)
    }
}
