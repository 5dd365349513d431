import ExtensionManifest
import Foundation
import HostTestSupport
import SystemSupport
import Testing

/// The ApplicationExtensionAPIOnly plugin (Packages/AppexBuildTools) against the package:
/// its list is the unavailable modules' public types, and an extension built with it that
/// uses one fails to compile with the plugin's message.
@Suite("Extension-safe API")
struct ExtensionSafetyTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    static let pluginList = repository.appendingPathComponent("Packages/AppexBuildTools/Plugins/ApplicationExtensionAPIOnly/UnavailableAPI.swift")

    /// The plugin's modules, with their reasons and types, read from its source.
    static func pluginModules() throws -> [(name: String, why: String, types: [String])] {
        let text = try String(contentsOf: pluginList, encoding: .utf8)
        let entry = try Regex(#"\("(\w+)", "([^"]+)", \[([^\]]*)\]\)"#)
        return text.matches(of: entry).map { match in
            let types = String(match.output[3].substring ?? "").matches(of: /"(\w+)"/).map { String($0.output.1) }
            return (String(match.output[1].substring ?? ""), String(match.output[2].substring ?? ""), types)
        }
    }

    /// The public top-level types a module's sources declare.
    static func publicTypes(of module: String) -> [String] {
        let folder = repository.appendingPathComponent("Sources/\(module)")
        var names = Set<String>()
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            for match in text.matches(of: /(?m)^public (?:final )?(?:struct|enum|class|actor|protocol|typealias) (\w+)/) {
                names.insert(String(match.output.1))
            }
        }
        return names.sorted()
    }

    @Test("the plugin names the modules lint checks, with the same reasons, and every public type they declare")
    func pluginListIsTheModules() throws {
        let modules = try Self.pluginModules()
        #expect(modules.map(\.name) == ExtensionSafety.unavailableModules.map(\.name))
        #expect(modules.map(\.why) == ExtensionSafety.unavailableModules.map(\.why))
        for module in modules {
            #expect(module.types.sorted() == Self.publicTypes(of: module.name), "the plugin's list for \(module.name) (UnavailableAPI.swift)")
        }
    }

    @Test("the plugin's initializers are those the modules' types declare with labels")
    func pluginInitializersAreTheModules() throws {
        var declared: [String: [String]] = [:]
        for module in try Self.pluginModules() {
            declared.merge(Self.labelledInitializers(of: module.name, types: Set(module.types)), uniquingKeysWith: +)
        }
        let listed = try Self.pluginInitializers()
        // On a difference, the table to paste into UnavailableAPI.swift.
        let table = declared.keys.sorted().map { type in
            "        \"\(type)\": [\(declared[type, default: []].map { "\"\($0)\"" }.joined(separator: ", "))],"
        }.joined(separator: "\n")
        let differing = Set(listed.keys).union(declared.keys).filter { listed[$0] != declared[$0] }.sorted()
        #expect(differing.isEmpty, "UnavailableAPI.initializers differs for \(differing); it should be:\n\(table)")
    }

    /// The plugin's `initializers` table, read from its source.
    static func pluginInitializers() throws -> [String: [String]] {
        let text = try String(contentsOf: pluginList, encoding: .utf8)
        let start = try #require(text.range(of: "static let initializers: [String: [String]] = ["))
        let end = try #require(text.range(of: "\n    ]\n", range: start.upperBound..<text.endIndex))
        var table: [String: [String]] = [:]
        for match in text[start.upperBound..<end.lowerBound].matches(of: /"(\w+)": \[([^\]]*)\]/) {
            table[String(match.output.1)] = match.output.2.matches(of: /"([^"]*)"/).map { String($0.output.1) }
        }
        return table
    }

    /// The public initializers with labels that `module`'s sources declare for `types`, in
    /// the plugin's form (labels, `_` for none, `=` after a defaulted parameter). An
    /// initializer belongs to the last type or extension declared at the file's top level
    /// before it, and is a member when indented once.
    static func labelledInitializers(of module: String, types: Set<String>) -> [String: [String]] {
        let folder = repository.appendingPathComponent("Sources/\(module)")
        let files = (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        var table: [String: [String]] = [:]
        for file in files {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let owners = text.matches(of: /(?m)^(?:(?:public|package|internal|fileprivate|private) )?(?:final )?(?:struct|enum|class|actor|extension) (\w+)/)
                .map { (start: $0.range.lowerBound, name: String($0.output.1)) }
            for initializer in text.matches(of: /(?m)^    (?:@\w+ )*public (?:convenience |required )?init[?!]?(?:<[^>]*>)?\(/) {
                guard let owner = owners.last(where: { $0.start < initializer.range.lowerBound })?.name, types.contains(owner) else { continue }
                let labels = parameters(in: text[initializer.range.upperBound...]).map { parameter in
                    let colon = parameter.firstIndex(of: ":") ?? parameter.endIndex
                    let label = parameter[..<colon].split(whereSeparator: \.isWhitespace).first { !$0.hasPrefix("@") } ?? "_"
                    return label + (parameter[colon...].contains("=") ? "=" : "")
                }
                guard !labels.allSatisfy({ $0 == "_" || $0 == "_=" }) else { continue }
                let form = labels.joined(separator: " ")
                if !table[owner, default: []].contains(form) { table[owner, default: []].append(form) }
            }
        }
        return table
    }

    /// The parameters of a list that starts at `text` (after its opening parenthesis): split
    /// at the commas outside brackets and generic arguments (`->` closes none, `<<` opens none).
    static func parameters(in text: Substring) -> [Substring] {
        var parameters: [Substring] = []
        var depth = 0, angles = 0, start = text.startIndex, previous: Character = " "
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index) < text.endIndex ? text[text.index(after: index)] : " "
            switch character {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                if depth == 0 {
                    if !text[start..<index].allSatisfy(\.isWhitespace) { parameters.append(text[start..<index]) }
                    return parameters
                }
                depth -= 1
            case "<" where (previous.isLetter || previous.isNumber || previous == "_") && !"<= ".contains(next): angles += 1
            case ">" where angles > 0 && previous != "-": angles -= 1
            case "," where depth == 0 && angles == 0:
                parameters.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
            previous = character
            index = text.index(after: index)
        }
        return parameters
    }

    struct MisuseCase: CustomTestStringConvertible, Sendable {
        let name: String
        /// The probe's third line.
        let code: String
        /// The column where the message is reported, and the type it names.
        let column: Int
        let type: String
        var testDescription: String { name }
    }

    static let misuses: [MisuseCase] = [
        MisuseCase(name: "as a type", code: "func share(with catalog: ExtensionCatalog) {}", column: 26, type: "ExtensionCatalog"),
        MisuseCase(name: "an initializer without labels", code: "let today = TodayView()", column: 13, type: "TodayView"),
        MisuseCase(name: "a static method with labels", code: "let ordered = InstalledExtension.inUserOrder([])", column: 15, type: "InstalledExtension"),
        MisuseCase(name: "a static property", code: "let cap = TodayView.defaultMemoryCap", column: 11, type: "TodayView"),
        MisuseCase(name: "an initializer with labels", code: "let host = ExtensionHost(catalog: 1)", column: 12, type: "ExtensionHost"),
        MisuseCase(name: "an initializer with labels, defaults left out", code: "let today = TodayView(catalog: 1, home: 2)", column: 13, type: "TodayView"),
    ]

    @Test("an extension built with the plugin that uses the host does not compile, and says why", arguments: misuses)
    func usingTheHostFailsToCompile(_ misuse: MisuseCase) async throws {
        // The file the plugin generated for SaveToNotes in this build.
        let outputs = Self.products.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("plugins/outputs")
        let packages = (try? FileManager.default.contentsOfDirectory(atPath: outputs.path)) ?? []
        let generated = try #require(packages.map {
            outputs.appendingPathComponent("\($0)/save-to-notes/destination/ApplicationExtensionAPIOnly/Generated/ApplicationExtensionAPIOnly.swift")
        }.first { FileManager.default.fileExists(atPath: $0.path) }, "the plugin's output for save-to-notes is not in \(outputs.path)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("extension-safety-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let probe = folder.appendingPathComponent("Probe.swift")
        try "import ExtensionHost\n\n\(misuse.code)\n".write(to: probe, atomically: true, encoding: .utf8)
        let (status, output) = try await SwiftTypecheck.run([generated, probe], arguments: ["-module-name", "Probe"])
        #expect(status != 0)
        #expect(output.contains("Probe.swift:3:\(misuse.column): error: '\(misuse.type)' is unavailable: ExtensionHost is unavailable in an app extension: it finds, launches and serves extensions (NS_EXTENSION_UNAVAILABLE; docs/BUNDLES.md)"), "\(output)")
    }
}
