import Foundation
@testable import PropertyLists
import Testing

/// Cases ported from other implementations' property-list test suites — swift-foundation's
/// PropertyListEncoder/Decoder tests and CPython's test_plistlib (its reference plists were
/// written by Apple's tools) — as data: Fixtures/conformance/plist-cases.json, with each
/// case's repository, file and commit (the README beside it). docs/FIDELITY.md has the counts.
///
/// Every case is read by Appex and by Foundation's `PropertyListSerialization` (CoreFoundation's
/// parser, as on iOS): they agree on accepting it and on the value, except where Appex
/// differs on purpose. A swift-foundation case's own verdict on the document must also hold.
@Suite("Conformance: property-list suites")
struct ConformanceSuiteTests {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var suite: String
        var path: String
        var test: String
        var name: String
        var format: String
        var input_base64: String
        var expect: String
        var reject_level: String?
        var note: String?
        var testDescription: String { name }
    }

    /// The case file, read once; a file that is missing or does not decode fails `present()`.
    static let loaded = Result { () throws -> [Case] in
        guard let url = Bundle.module.url(forResource: "Fixtures/conformance/plist-cases", withExtension: "json") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Fixtures/conformance/plist-cases.json"])
        }
        return try JSONDecoder().decode([Case].self, from: Data(contentsOf: url))
    }

    /// The cases (none when the file could not be read, which `present()` reports).
    static let cases: [Case] = (try? loaded.get()) ?? []

    /// Where Appex differs from Foundation on purpose, by the kind of input (docs/FIDELITY.md).
    enum Deliberate: String {
        /// OpenStep (old-style) text: Apple's tools have not written it for Info.plists in
        /// decades, and lint says what it is rather than read a second grammar.
        case openStep = "OpenStep text is not read"
        /// Base64 with characters outside the alphabet: CoreFoundation skips them and decodes
        /// other bytes than were written; Appex reports them.
        case base64 = "a character outside base64 is reported"
        /// A binary dictionary with a key that is not a string: Foundation's own writer cannot
        /// write one, and no Info.plist has one; Appex's dictionaries have string keys.
        case nonStringKey = "dictionary keys are strings"
        /// Binary null (0x00) and set (0xC0–0xCF) objects: no property-list type holds them.
        case nullOrSet = "null and set objects are refused"
        /// A binary date that is NaN or infinite: no point in time, and Foundation's
        /// `Date.description` traps on NaN; refused, as CPython refuses it (the binary-plist
        /// fuzzer's first find, docs/FUZZING.md).
        case nonFiniteDate = "a NaN or infinite date is refused"
    }

    /// The cases on which Appex differs from Foundation on purpose, by name.
    static let deliberate: [String: Deliberate] = [
        "sf.bool_as_dict_key_binary": .nonStringKey,
        "cp.singleton.0x00_null": .nullOrSet,
        "cp.unsupported_marker.c0": .nullOrSet,
        "cp.invalid_binary.invalid_datetime_(NaN)": .nonFiniteDate,
        "cp.invalid_binary.invalid_datetime_(Infinity)": .nonFiniteDate,
    ]

    @Test("the suites' cases are present")
    func present() throws {
        _ = try Self.loaded.get()
        #expect(Self.cases.count > 250, "\(Self.cases.count) cases")
        #expect(Set(Self.cases.map(\.suite)) == ["swift-foundation", "cpython"])
    }

    @Test("each case: read as Foundation reads it", arguments: cases)
    func conforms(_ c: Case) throws {
        let data = try #require(Data(base64Encoded: c.input_base64), "\(c.name): bad base64 in the case file")
        let theirs = Result { try PropertyListSerialization.propertyList(from: data, options: [], format: nil) }
        let ours = Result { () throws(PropertyListError) in try PropertyListDocument.parse(data, fileName: c.name).root }
        if c.format == "openstep" {
            #expect(throws: PropertyListError.self, "\(Deliberate.openStep.rawValue)") { try ours.get() }
            return
        }
        var format = PropertyListSerialization.PropertyListFormat.xml
        _ = try? PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        if format == .openStep, case .success = theirs {
            // Foundation fell back to OpenStep text (for `bplist00` alone, say).
            #expect(throws: PropertyListError.self, "\(Deliberate.openStep.rawValue)") { try ours.get() }
            return
        }
        try Support.agreeWithFoundation(data, name: "\(c.name) (\(c.test))") { error in
            error.message.contains("invalid base64") || Self.deliberate[c.name] != nil
        }
        // swift-foundation's own verdict on the document (not a Swift type's conversion), where
        // CoreFoundation gives the same one: its PropertyListDecoder is stricter in places
        // (lone UTF-16 surrogates), and Appex reads as iOS reads Info.plists, with CoreFoundation.
        let foundationAccepts = (try? theirs.get()) != nil
        if c.suite == "swift-foundation", c.reject_level != "type", c.reject_level != "unknown",
           foundationAccepts == (c.expect == "accept"), Self.deliberate[c.name] == nil {
            let accepted = (try? ours.get()) != nil
            #expect(accepted == (c.expect == "accept"), "\(c.name) (\(c.test)): the suite expects \(c.expect)")
        }
    }
}
