import Foundation
@testable import PropertyLists
import Testing

/// The plist fuzzers' minimized corpora read by Appex, Foundation and Python's plistlib
/// (docs/FUZZING.md, "The corpora against the other readers").
///
/// Fuzz/corpus/xml-plist and Fuzz/corpus/binary-plist hold the inputs that reached new code
/// in millions of executions (the binary ones without their `bplist00`, which the target
/// puts in front): the strangest bytes the readers have met, where the hand-written cases
/// of PlistlibDifferentialTests do not go. Every input is read by all three; where two
/// disagree (refusals agree whatever their reasons), the disagreement must be of a kind
/// docs/FUZZING.md rules on (``Kind``), and every one is kept, with the three verdicts, in
/// Fixtures/conformance/fuzz-corpus-disagreements.json, so that a new one is seen
/// (`APPEX_RECORD_SNAPSHOTS=1` rewrites the file after a new run of the fuzzers).
@Suite("The fuzz corpora against Foundation and plistlib")
struct FuzzCorpusDifferentialTests {
    typealias Input = PlistlibDifferentialTests.Input
    typealias Verdict = PlistlibDifferentialTests.Verdict

    /// One disagreement, as the kept file records it.
    struct Disagreement: Codable, Equatable {
        var name: String
        var kind: String
        var appex: String
        var foundation: String
        var plistlib: String
    }

    /// The committed corpora's inputs, named by corpus and file.
    static func inputs() throws -> [Input] {
        var inputs: [Input] = []
        for (corpus, prefix) in [("xml-plist", Data()), ("binary-plist", Data("bplist00".utf8))] {
            let folder = FoundationDifferentialTests.packageRoot.appendingPathComponent("Fuzz/corpus/\(corpus)")
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
                inputs.append(Input(name: "\(corpus)/\(name)", data: prefix + (try Data(contentsOf: folder.appendingPathComponent(name)))))
            }
        }
        return inputs
    }

    static var keptFile: URL {
        FoundationDifferentialTests.packageRoot.appendingPathComponent("Tests/PropertyListsTests/Fixtures/conformance/fuzz-corpus-disagreements.json")
    }

    @Test("on the fuzzers' corpora every disagreement among Appex, Foundation and plistlib is of a kind ruled on, and is one kept")
    func corporaAgreeOrAreRuledOn() throws {
        let inputs = try Self.inputs()
        #expect(inputs.count > 1_000, "\(inputs.count) inputs: are Fuzz/corpus/xml-plist and binary-plist there?")
        let theirs = try PlistlibDifferentialTests.plistlibVerdicts(inputs)
        var disagreements: [Disagreement] = []
        for input in inputs {
            let plistlib = try #require(theirs[input.name], "the peer said nothing of \(input.name)")
            let appex = PlistlibDifferentialTests.appexVerdict(input)
            let foundation = PlistlibDifferentialTests.foundationVerdict(input)
            guard !appex.agrees(with: foundation) || !appex.agrees(with: plistlib) else { continue }
            let kind = Kind(input, appex: appex, foundation: foundation, plistlib: plistlib)
            #expect(kind != nil, "\(input.name): a disagreement of no kind ruled on: Appex \(appex), Foundation \(foundation), plistlib \(plistlib)")
            disagreements.append(Disagreement(name: input.name, kind: kind?.rawValue ?? "unruled", appex: appex.description,
                                              foundation: foundation.description, plistlib: plistlib.description))
        }
        try PlistlibDifferentialTests.expectKept(disagreements, by: \.name, in: Self.keptFile)
        // docs/FIDELITY.md quotes the corpora's sizes, the disagreements and each kind's count.
        let fidelity = try FidelityCountsTests.flatDocument()
        let xml = inputs.filter { $0.name.hasPrefix("xml-plist/") }.count, binary = inputs.count - xml
        #expect(fidelity.contains("xml-plist (\(Self.grouped(xml)) inputs) and binary-plist (\(Self.grouped(binary)))"),
                "FIDELITY.md should say xml-plist (\(Self.grouped(xml)) inputs) and binary-plist (\(Self.grouped(binary)))")
        #expect(fidelity.contains("fuzz-corpus-disagreements.json (\(disagreements.count) on"),
                "FIDELITY.md should say \(disagreements.count) kept disagreements")
        for (kind, count) in Dictionary(grouping: disagreements, by: \.kind).mapValues(\.count) {
            #expect(fidelity.contains("| `\(kind)` | \(count) |"), "FIDELITY.md's table of kinds should say \(count) for \(kind)")
        }
    }

    /// `count` as the docs write it: thousands grouped with commas.
    static func grouped(_ count: Int) -> String {
        count < 1_000 ? "\(count)" : "\(count / 1_000),\(String(format: "%03d", count % 1_000))"
    }
}

extension FuzzCorpusDifferentialTests {
    /// The kinds of disagreement docs/FUZZING.md rules on; each is checked, not assumed.
    enum Kind: String {
        /// Appex and Foundation agree; plistlib alone differs (docs/FIDELITY.md's kinds).
        case plistlibAlone = "plistlib-alone"
        /// Content after the root element (a second value, text, tags, a DOCTYPE):
        /// CoreFoundation stops at the root's end and ignores the rest; Appex reports it.
        /// Checked: the input cut where Appex's error points reads, in Appex, as Foundation
        /// reads the whole.
        case afterRoot = "after-root"
        /// No XML and no binary list (OpenStep text, or only whitespace, which CoreFoundation
        /// reads as an empty OpenStep dictionary): Appex reads neither (docs/FIDELITY.md).
        case openStep = "openstep"
        /// A character outside base64 in `<data>`: CoreFoundation skips it; Appex reports it.
        case base64Character = "base64-character"
        /// A last base64 group not padded to 4: CoreFoundation drops it; Appex reports it.
        case base64Unpadded = "base64-unpadded"
        /// An `<integer>` or `<real>` with other characters among its digits, which
        /// CoreFoundation's scanner passes over; Appex reports them.
        case lenientNumber = "lenient-number"
        /// A binary dictionary with a key twice: CoreFoundation's binary reader keeps the
        /// first value, where its XML reader keeps the last. Checked: Appex's tree with the
        /// first value of each key is Foundation's.
        case binaryDuplicateKeys = "binary-duplicate-keys"
        /// A NaN or infinite date, which Appex refuses (ConformanceSuiteTests `nonFiniteDate`).
        case nonFiniteDate = "non-finite-date"

        init?(_ input: Input, appex: Verdict, foundation: Verdict, plistlib: Verdict) {
            if appex.agrees(with: foundation) {
                self = .plistlibAlone
                return
            }
            if case .value = appex, case .value(let read) = foundation, input.name.hasPrefix("binary-plist/"),
               let root = try? PropertyListDocument.parse(input.data, fileName: input.name).root,
               PlistlibDifferentialTests.canonicalText(PlistlibDifferentialTests.tagged(root.keepingFirstOfDuplicateKeys)) == read {
                self = .binaryDuplicateKeys
                return
            }
            guard appex.isRefusal, case .value(let read) = foundation else { return nil }
            let failure: PropertyListError
            do {
                _ = try PropertyListDocument.parse(input.data, fileName: input.name)
                return nil
            } catch {
                failure = error
            }
            let message = failure.message
            if failure.code == .unsupportedFormat || message == "the file is empty" || message == "the file has no property-list element" {
                self = .openStep
            } else if message.hasPrefix("invalid base64 in <data>: unexpected") {
                self = .base64Character
            } else if message.hasPrefix("invalid base64 in <data>: its last group") || message == "invalid base64 in <data>: it ends with a lone character" {
                self = .base64Unpadded
            } else if message.hasPrefix("invalid integer") || message.hasPrefix("invalid real number") {
                self = .lenientNumber
            } else if message.hasSuffix("not a point in time") {
                self = .nonFiniteDate
            } else if let offset = failure.position?.offset, Self.readsBefore(offset, of: input, as: read) {
                self = .afterRoot
            } else {
                return nil
            }
        }

        /// Whether the input cut at some `<` up to `offset` reads in Appex as `value`: what
        /// Appex refused lies after a complete document that is Foundation's.
        static func readsBefore(_ offset: Int, of input: Input, as value: String) -> Bool {
            let bytes = [UInt8](input.data)
            let cuts = bytes.indices.filter { $0 <= min(offset, bytes.count - 1) && bytes[$0] == UInt8(ascii: "<") }
            for cut in cuts.reversed() + [min(offset, bytes.count)] {
                let prefix = Input(name: input.name, data: Data(bytes[..<cut]))
                if PlistlibDifferentialTests.appexVerdict(prefix) == .value(value) { return true }
            }
            return false
        }
    }
}

extension PropertyListNode {
    /// This tree with each repeated dictionary key given its first value, as CoreFoundation's
    /// binary reader keeps it.
    var keepingFirstOfDuplicateKeys: PropertyListNode {
        var copy = self
        switch value {
        case .array(let elements):
            copy.value = .array(elements.map(\.keepingFirstOfDuplicateKeys))
        case .dictionary(let dictionary):
            var seen: Set<String> = []
            copy.value = .dictionary(PropertyListDictionary(dictionary.entries.compactMap { entry in
                guard seen.insert(entry.key).inserted else { return nil }
                var kept = entry
                kept.node = entry.node.keepingFirstOfDuplicateKeys
                return kept
            }))
        default:
            break
        }
        return copy
    }
}
