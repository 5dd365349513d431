import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a storyboard's XML for the custom class of its initial view controller
/// (`<document initialViewController="ID">` and the scene object whose `id` is `ID`).
final class StoryboardInitialClass: NSObject, XMLParserDelegate {
    struct Problem: Error {
        let message: String
    }

    private var initialID: String?
    private var classes: [String: String] = [:]
    private var unnamed: Set<String> = []

    static func read(_ url: URL) -> Result<String, Problem> {
        guard let parser = XMLParser(contentsOf: url) else { return .failure(Problem(message: "cannot be read")) }
        let reader = StoryboardInitialClass()
        parser.delegate = reader
        guard parser.parse() else {
            return .failure(Problem(message: "is not well-formed XML (line \(parser.lineNumber):\(parser.columnNumber): \(parser.parserError.map { "\($0)" } ?? "unknown error"))"))
        }
        guard let id = reader.initialID else {
            return .failure(Problem(message: "has no initialViewController: the extension has no view controller to start with"))
        }
        if let name = reader.classes[id] { return .success(name) }
        if reader.unnamed.contains(id) {
            return .failure(Problem(message: "its initial view controller (\(id)) has no customClass: it names no class of the extension's"))
        }
        return .failure(Problem(message: "initialViewController is \(id), but no view controller has that id"))
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if elementName == "document" { initialID = attributes["initialViewController"] }
        guard elementName.hasSuffix("Controller"), let id = attributes["id"] else { return }
        if let name = attributes["customClass"] { classes[id] = name } else { unnamed.insert(id) }
    }
}
