import Foundation

/// What a storyboard's XML says about the view controller an extension starts with: the
/// `customClass` of the scene object whose `id` is the document's `initialViewController`.
///
/// Storyboards are machine-written XML; this reads the attributes of their start tags and
/// nothing else (no entities, no DTD), so a damaged or hostile file gives a problem, never a
/// crash. The ExtensionEntryPoint plugin reads the same attributes to make the class.
public enum StoryboardScan {
    /// Why no class was found.
    public enum Problem: Error, Hashable, Sendable {
        /// The document names no initial view controller.
        case noInitialViewController
        /// The initial view controller has no `customClass`: a plain `UIViewController`.
        case noCustomClass(id: String)
        /// No view controller has the initial id.
        case noSuchController(id: String)
    }

    /// The initial view controller's class in `xml`.
    public static func initialClass(in xml: String) -> Result<String, Problem> {
        var initial: String?
        var classes: [String: String?] = [:]
        for (element, attributes) in startTags(xml) {
            if element == "document" { initial = attributes["initialViewController"] }
            if element.hasSuffix("Controller"), let id = attributes["id"] { classes[id] = attributes["customClass"] }
        }
        guard let initial else { return .failure(.noInitialViewController) }
        guard let entry = classes[initial] else { return .failure(.noSuchController(id: initial)) }
        guard let name = entry else { return .failure(.noCustomClass(id: initial)) }
        return .success(name)
    }

    /// Each start tag's element name and its `name="value"` attributes, in order.
    static func startTags(_ xml: String) -> [(String, [String: String])] {
        var tags: [(String, [String: String])] = []
        var rest = xml[...]
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            guard let first = rest.first, first.isLetter, let close = rest.firstIndex(of: ">") else { continue }
            let tag = rest[..<close]
            rest = rest[close...]
            let name = String(tag.prefix { !$0.isWhitespace && $0 != "/" })
            tags.append((name, attributes(tag.dropFirst(name.count))))
        }
        return tags
    }

    private static func attributes(_ text: Substring) -> [String: String] {
        var found: [String: String] = [:]
        var rest = text
        while let equals = rest.firstIndex(of: "=") {
            let key = rest[..<equals].split(whereSeparator: \.isWhitespace).last.map(String.init) ?? ""
            rest = rest[rest.index(after: equals)...]
            guard let quote = rest.first, quote == "\"" || quote == "'" else { continue }
            rest = rest.dropFirst()
            guard let end = rest.firstIndex(of: quote) else { break }
            found[key] = String(rest[..<end])
            rest = rest[rest.index(after: end)...]
        }
        return found
    }
}
