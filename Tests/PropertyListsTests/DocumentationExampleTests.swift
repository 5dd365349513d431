import Foundation
import PropertyLists
import Testing

/// The example of PropertyLists.docc, run as written (with its output captured), so the
/// documentation cannot drift from the code.
@Suite("Documentation examples")
struct DocumentationExampleTests {
    /// The catalog's example, with `print` replaced by `output`.
    func example(_ url: URL, output: (String) -> Void) {
        do {
            let document = try PropertyListDocument.read(contentsOf: url)
            let path: PropertyListKeyPath = ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"]
            if let rule = document.root[keyPath: path] {
                output("\(path) is \(rule.kindDescription) at \(rule.position.map { "\($0)" } ?? "?")")
            }
            if let duplicate = document.root.dictionary?.duplicateKeys.first {
                output("warning: duplicate key \(duplicate.key)")
            }
        } catch {
            output("\(error)")
        }
    }

    @Test("PropertyLists.md, a good file")
    func goodFile() throws {
        let folder = try Support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Info.plist")
        try Data((Support.header + """
            <dict>
            \t<key>NSExtension</key>
            \t<dict>
            \t\t<key>NSExtensionAttributes</key>
            \t\t<dict>
            \t\t\t<key>NSExtensionActivationRule</key>
            \t\t\t<string>TRUEPREDICATE</string>
            \t\t</dict>
            \t</dict>
            \t<key>NSExtension</key>
            \t<string>again</string>
            </dict>
            </plist>
            """).utf8).write(to: url)
        var lines: [String] = []
        example(url) { lines.append($0) }
        #expect(lines == ["NSExtension.NSExtensionAttributes.NSExtensionActivationRule is a string at 10:4",
                          "warning: duplicate key NSExtension"])
    }

    @Test("PropertyLists.md, a broken file")
    func brokenFile() throws {
        let folder = try Support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Info.plist")
        try Data(contentsOf: Support.fixture("mismatched-tag.plist")).write(to: url)
        var lines: [String] = []
        example(url) { lines.append($0) }
        #expect(lines == ["""
            Info.plist:10:25: error: expected </string> to close <string> opened at 10:4, found </strin> \
            (at NSExtension.NSExtensionAttributes.NSExtensionActivationRule)
            \t\t\t<string>TRUEPREDICATE</strin>
            \t\t\t                     ^
            """])
    }
}
