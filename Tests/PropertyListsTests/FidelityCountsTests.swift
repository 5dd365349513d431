import Foundation
@testable import PropertyLists
import Testing

/// docs/FIDELITY.md's tallies of the ported property-list cases, computed from the case
/// file and compared with the doc: a count that goes stale fails here. Which cases agree
/// with Foundation is ConformanceSuiteTests' to check; this counts them by the same rules.
@Suite("FIDELITY.md's property-list counts")
struct FidelityCountsTests {
    /// One suite's cases, counted.
    struct Tally: Equatable, CustomStringConvertible {
        var total = 0
        /// OpenStep text (the case's format), or a file Foundation reads by falling back to it.
        var openStep = 0
        /// XML and binary: read as Foundation reads them.
        var readAsFoundation = 0
        /// XML and binary: differing from Foundation on purpose (`ConformanceSuiteTests.deliberate`).
        var deliberate = 0
        /// The suite's own verdict, where it is checked.
        var verdicts = 0
        var sameVerdict = 0
        /// Appex reads as CoreFoundation does where the suite's verdict differs from it.
        var followsFoundation = 0
        /// The suite's verdict differs, and Appex differs from Foundation on purpose.
        var verdictDeliberate = 0

        var xmlAndBinary: Int { readAsFoundation + deliberate }
        var description: String {
            "\(total) cases: \(openStep) OpenStep, \(readAsFoundation) of \(xmlAndBinary) as Foundation, \(deliberate) on purpose; "
                + "verdicts \(verdicts): \(sameVerdict) same, \(followsFoundation) as CoreFoundation, \(verdictDeliberate) on purpose"
        }
    }

    /// The cases of `suite`, counted as docs/FIDELITY.md counts them.
    static func tally(_ suite: String) throws -> Tally {
        var tally = Tally()
        for c in ConformanceSuiteTests.cases where c.suite == suite {
            tally.total += 1
            let data = try #require(Data(base64Encoded: c.input_base64), "\(c.name): bad base64 in the case file")
            var format = PropertyListSerialization.PropertyListFormat.xml
            let foundationAccepts = (try? PropertyListSerialization.propertyList(from: data, options: [], format: &format)) != nil
            if c.format == "openstep" || (foundationAccepts && format == .openStep) {
                tally.openStep += 1
                continue
            }
            let onPurpose = ConformanceSuiteTests.deliberate[c.name] != nil
            if onPurpose { tally.deliberate += 1 } else { tally.readAsFoundation += 1 }
            // The suite's verdict on the document; swift-foundation's where it is about the
            // document, not its decoding into a Swift type.
            if suite == "swift-foundation", c.reject_level == "type" || c.reject_level == "unknown" || onPurpose { continue }
            tally.verdicts += 1
            let accepted = (try? PropertyListDocument.parse(data, fileName: c.name).root) != nil
            if accepted == (c.expect == "accept") {
                tally.sameVerdict += 1
            } else if onPurpose {
                tally.verdictDeliberate += 1
            } else {
                tally.followsFoundation += 1
            }
        }
        return tally
    }

    /// docs/FIDELITY.md.
    static let document = Result {
        try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/FIDELITY.md"), encoding: .utf8)
    }

    /// docs/FIDELITY.md with every run of white space one space: a figure found whatever
    /// the line breaks.
    static func flatDocument() throws -> String {
        try document.get().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The numbers in the last cell of the table row under `heading` whose first cell starts
    /// with `label` (`**128 of 130**` gives [128, 130]).
    static func row(under heading: String, _ label: String) throws -> [Int] {
        let lines = try document.get().split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix(heading) }, "no heading \(heading) in FIDELITY.md")
        for line in lines[(start + 1)...] {
            if line.hasPrefix("#") { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, cells[1].hasPrefix(label) else { continue }
            return cells[cells.count - 2].split { !$0.isNumber }.compactMap { Int($0) }
        }
        Issue.record("FIDELITY.md has no row \(label) under \(heading)")
        return []
    }

    @Test("swift-foundation's cases: the doc's counts are the case file's")
    func swiftFoundation() throws {
        let tally = try Self.tally("swift-foundation")
        let heading = "### swift-foundation ("
        #expect(try Self.document.get().contains("### swift-foundation (\(tally.total) cases)"), "\(tally)")
        #expect(try Self.row(under: "| suite |", "swift-foundation's property-list tests") == [tally.total])
        #expect(try Self.row(under: heading, "OpenStep") == [tally.openStep], "\(tally)")
        #expect(try Self.row(under: heading, "XML and binary") == [tally.readAsFoundation, tally.xmlAndBinary], "\(tally)")
        #expect(try Self.row(under: heading, "— differs on purpose") == [tally.deliberate], "\(tally)")
        #expect(try Self.row(under: heading, "the suite's own verdict") == [tally.verdicts], "\(tally)")
        #expect(try Self.row(under: heading, "— Appex gives the same verdict") == [tally.sameVerdict], "\(tally)")
        #expect(try Self.row(under: heading, "— Appex follows CoreFoundation") == [tally.followsFoundation], "\(tally)")
        #expect(tally.verdictDeliberate == 0, "\(tally)")
    }

    @Test("CPython's cases: the doc's counts are the case file's")
    func cpython() throws {
        let tally = try Self.tally("cpython")
        let heading = "### CPython test_plistlib ("
        #expect(try Self.document.get().contains("### CPython test_plistlib (\(tally.total) cases)"), "\(tally)")
        #expect(try Self.row(under: "| suite |", "CPython's test_plistlib") == [tally.total])
        #expect(try Self.row(under: heading, "`bplist00` alone") == [tally.openStep], "\(tally)")
        #expect(try Self.row(under: heading, "XML and binary") == [tally.readAsFoundation, tally.xmlAndBinary], "\(tally)")
        #expect(try Self.row(under: heading, "— differs on purpose: a binary") == [tally.deliberate], "\(tally)")
        #expect(try Self.row(under: heading, "plistlib's verdict") == [tally.verdicts], "\(tally)")
        #expect(try Self.row(under: heading, "— Appex gives the same verdict") == [tally.sameVerdict], "\(tally)")
        #expect(try Self.row(under: heading, "— Appex follows Apple") == [tally.followsFoundation], "\(tally)")
        #expect(try Self.row(under: heading, "— differs on purpose: the") == [tally.verdictDeliberate], "\(tally)")
    }

    @Test("every kind of deliberate difference the tests rule on is in the doc's table")
    func deliberateKinds() throws {
        let table = try Self.document.get().components(separatedBy: "### Where Appex differs on purpose").last ?? ""
        let described = ["OpenStep": "OpenStep", "base64": "base64", "non-string key": "non-string key",
                         "null and set": "null (0x00) and set", "non-finite date": "NaN or infinite date"]
        for (kind, words) in described {
            #expect(table.contains(words), "FIDELITY.md's table of deliberate differences lacks \(kind)")
        }
    }
}
