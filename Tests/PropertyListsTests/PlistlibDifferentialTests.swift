import Foundation
@testable import PropertyLists
import TestRules
import Testing

/// Appex's reader against a second implementation, CPython's `plistlib`, on the same bytes
/// (docs/FIDELITY.md, "Against Python's plistlib"): every property list in the
/// package, each in XML and in binary, the XML scalar and DOCTYPE cases of
/// FoundationDifferentialTests, and the ported suites' cases.
///
/// The reference stays CoreFoundation, which is how iOS reads an Info.plist: where plistlib
/// and Appex disagree, Appex must read as Foundation's `PropertyListSerialization` does (or
/// differ from it on purpose, as listed in ConformanceSuiteTests and
/// FoundationDifferentialTests). Every disagreement is kept, with both sides' verdicts, in
/// Fixtures/conformance/plistlib-disagreements.json, so that a new one is seen and ruled on
/// (`APPEX_RECORD_SNAPSHOTS=1` rewrites the file).
@Suite("Reads against Python's plistlib")
struct PlistlibDifferentialTests {

    /// One input: a name that says where it comes from, and its bytes.
    struct Input: Sendable {
        var name: String
        var data: Data
    }

    /// A verdict, as comparable text: the tagged value tree of plistlib-peer.py, or a refusal.
    enum Verdict: Equatable, CustomStringConvertible {
        case value(String)
        case refused(String)

        var description: String {
            switch self {
            case .value(let tree): "reads \(tree.count > 120 ? tree.prefix(117) + "…" : tree[...])"
            case .refused(let why): "refuses (\(why.count > 120 ? why.prefix(117) + "…" : why[...]))"
            }
        }

        var isRefusal: Bool { if case .refused = self { true } else { false } }

        /// The same value, or both refusals (whatever their reasons).
        func agrees(with other: Verdict) -> Bool {
            self == other || (isRefusal && other.isRefusal)
        }
    }

    /// One disagreement with plistlib, as the kept file records it.
    struct Disagreement: Codable, Equatable {
        var name: String
        var appex: String
        var plistlib: String
    }

    static func inputs() throws -> [Input] {
        var inputs: [Input] = []
        for path in FoundationDifferentialTests.packageFiles {
            let data = try Data(contentsOf: FoundationDifferentialTests.packageRoot.appendingPathComponent(path))
            inputs.append(Input(name: path, data: data))
            // Its binary form, as Foundation writes it, for the binary readers.
            if let object = try? PropertyListSerialization.propertyList(from: data, format: nil),
               let binary = try? PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0),
               !data.starts(with: Data("bplist".utf8)) {
                inputs.append(Input(name: path + " (binary)", data: binary))
            }
        }
        for body in FoundationDifferentialTests.xmlBodies {
            inputs.append(Input(name: "xml " + body, data: Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\(body)</plist>".utf8)))
        }
        for (name, doctype) in FoundationDifferentialTests.doctypes {
            inputs.append(Input(name: "doctype: " + name, data: Data("<?xml version=\"1.0\"?>\n\(doctype)\n<plist version=\"1.0\"><string>a</string></plist>".utf8)))
        }
        for ported in ConformanceSuiteTests.cases {
            guard let data = Data(base64Encoded: ported.input_base64) else { continue }
            inputs.append(Input(name: ported.name, data: data))
        }
        return inputs
    }

    /// plistlib's verdict on each input, by name, from one run of the peer.
    static func plistlibVerdicts(_ inputs: [Input]) throws -> [String: Verdict] {
        try requireDependency(PythonPeer.python != nil, "python3 is not installed (Debian package python3): the test is skipped")
        let python = try #require(PythonPeer.python)
        let script = try #require(Bundle.module.url(forResource: "Fixtures/plistlib-peer", withExtension: "py"))
        let request = try JSONSerialization.data(withJSONObject: inputs.map { ["name": $0.name, "hex": $0.data.map { String(format: "%02x", $0) }.joined()] })
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path]
        let (stdin, stdout) = (Pipe(), Pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        // The peer reads all of its input before it writes: feed it from another thread.
        // A peer that died early shows as its exit status below; its broken pipe must not
        // trap here (FileHandle's non-throwing write does).
        let writer = Thread {
            try? stdin.fileHandleForWriting.write(contentsOf: request)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the plistlib peer failed")
        let results = try #require(try JSONSerialization.jsonObject(with: output) as? [[String: Any]])
        var verdicts: [String: Verdict] = [:]
        for result in results {
            let name = try #require(result["name"] as? String)
            if result["ok"] as? Bool == true, let value = result["value"] as? String {
                verdicts[name] = .value(value)
            } else {
                verdicts[name] = .refused(result["error"] as? String ?? "")
            }
        }
        return verdicts
    }

    /// A tagged tree (arrays, strings and booleans only) as the peer writes it: Python's
    /// `json.dumps(tree, separators=(",", ":"), ensure_ascii=True)`.
    static func canonicalText(_ tree: Any) -> String {
        var text = ""
        func write(_ item: Any) {
            switch item {
            case let flag as Bool: text += flag ? "true" : "false"
            case let string as String:
                text += "\""
                for unit in string.utf16 {
                    switch unit {
                    case 0x22: text += "\\\""
                    case 0x5C: text += "\\\\"
                    case 0x0A: text += "\\n"
                    case 0x0D: text += "\\r"
                    case 0x09: text += "\\t"
                    case 0x08: text += "\\b"
                    case 0x0C: text += "\\f"
                    case 0x20...0x7F: text.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
                    default: text += String(format: "\\u%04x", unit)
                    }
                }
                text += "\""
            case let items as [Any]:
                text += "["
                for (index, element) in items.enumerated() {
                    if index > 0 { text += "," }
                    write(element)
                }
                text += "]"
            default: text += "null"
            }
        }
        write(tree)
        return text
    }

    /// Appex's (or, through it, Foundation's) tree in the peer's form: last of duplicate
    /// keys, keys sorted.
    static func tagged(_ node: PropertyListNode) -> Any {
        switch node.value {
        case .string(let text): return ["string", text]
        case .integer(let value): return ["int", String(value)]
        case .unsignedInteger(let value): return ["int", String(value)]
        case .uid(let value): return ["uid", String(value)]
        case .real(let value): return ["real", value.isNaN ? "nan" : String(format: "%016llx", value.bitPattern)]
        case .boolean(let value): return ["bool", value]
        case .date(let date):
            // Python's datetime ends at year 9999; a date beyond Int64's microseconds is shown as a double.
            let microseconds = (date.timeIntervalSinceReferenceDate * 1_000_000).rounded()
            return ["date", Int64(exactly: microseconds).map(String.init) ?? "\(microseconds)"]
        case .data(let bytes): return ["data", bytes.map { String(format: "%02x", $0) }.joined()]
        case .array(let items): return ["array", items.map(tagged)]
        case .dictionary(let dictionary):
            var last: [String: PropertyListNode] = [:]
            for entry in dictionary.entries { last[entry.key] = entry.node }
            return ["dict", last.keys.sorted().map { [$0, tagged(last[$0]!)] as [Any] }]
        }
    }

    static func appexVerdict(_ input: Input) -> Verdict {
        let root: PropertyListNode
        do {
            root = try PropertyListDocument.parse(input.data, fileName: input.name).root
        } catch {
            return .refused("\(error.code.rawValue)")
        }
        return .value(canonicalText(tagged(root)))
    }

    static func foundationVerdict(_ input: Input) -> Verdict {
        do {
            let object = try PropertyListSerialization.propertyList(from: input.data, format: nil)
            return .value(canonicalText(tagged(try PropertyListNode(foundationObject: object))))
        } catch {
            return .refused("\(error)")
        }
    }

    static var keptFile: URL {
        FoundationDifferentialTests.packageRoot.appendingPathComponent("Tests/PropertyListsTests/Fixtures/conformance/plistlib-disagreements.json")
    }

    @Test("where plistlib and Appex disagree, Appex reads as CoreFoundation does, and every disagreement is one kept")
    func disagreementsAreCoreFoundations() throws {
        let inputs = try Self.inputs()
        #expect(inputs.count > 400, "\(inputs.count) inputs")
        let theirs = try Self.plistlibVerdicts(inputs)
        var disagreements: [Disagreement] = []
        for input in inputs {
            let plistlib = try #require(theirs[input.name], "the peer said nothing of \(input.name)")
            let appex = Self.appexVerdict(input)
            guard !appex.agrees(with: plistlib) else { continue }
            let foundation = Self.foundationVerdict(input)
            let onPurpose = FoundationDifferentialTests.deliberateDifferences[input.name] != nil
                || ConformanceSuiteTests.deliberate[input.name] != nil
            #expect(onPurpose || foundation.agrees(with: appex),
                    "\(input.name): Appex \(appex), plistlib \(plistlib), and CoreFoundation \(foundation)")
            disagreements.append(Disagreement(name: input.name, appex: appex.description, plistlib: plistlib.description))
        }
        try Self.expectKept(disagreements, by: \.name, in: Self.keptFile)
        // docs/FIDELITY.md quotes both figures.
        let fidelity = try FidelityCountsTests.flatDocument()
        #expect(fidelity.contains("Appex on \(inputs.count) inputs"), "FIDELITY.md should say Appex on \(inputs.count) inputs")
        #expect(fidelity.contains("**\(disagreements.count) disagreements"), "FIDELITY.md should say **\(disagreements.count) disagreements")
    }

    /// Expects the disagreements `found` to be those kept in `file` (compared by `name`),
    /// after rewriting the file under `APPEX_RECORD_SNAPSHOTS=1`: a new one is to be ruled
    /// on, a kept one that is gone to be dropped.
    static func expectKept<Kept: Codable>(_ found: [Kept], by name: KeyPath<Kept, String>, in file: URL,
                                          sourceLocation: SourceLocation = #_sourceLocation) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        if ProcessInfo.processInfo.environment["APPEX_RECORD_SNAPSHOTS"] == "1" {
            try encoder.encode(found).write(to: file)
        }
        let kept = try JSONDecoder().decode([Kept].self, from: Data(contentsOf: file))
        let keptNames = Set(kept.map { $0[keyPath: name] }), foundNames = Set(found.map { $0[keyPath: name] })
        let new = foundNames.subtracting(keptNames).sorted(), gone = keptNames.subtracting(foundNames).sorted()
        #expect(new.isEmpty, "new disagreements in \(file.lastPathComponent), to rule on: \(new)", sourceLocation: sourceLocation)
        #expect(gone.isEmpty, "kept disagreements in \(file.lastPathComponent) that are gone: \(gone)", sourceLocation: sourceLocation)
    }
}

/// Where python3 is, for the plistlib peer.
enum PythonPeer {
    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
}
