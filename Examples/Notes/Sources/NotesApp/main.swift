// Notes, the containing app. When it "becomes active" (runs), it takes every share its
// extension left in the app group's inbox, in order, stores each as a note in its own
// data container, and acknowledges it: a share is never lost and never shown twice.
import AppGroups
import Foundation
import TodayWidgets

let group = "group.com.example.notes"
let environment = ProcessInfo.processInfo.environment

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("notes-app: \(message)\n".utf8))
    exit(1)
}

do {
    let containers = try AppGroupContainers.fromEnvironment()
    guard let container = containers.containerURL(forSecurityApplicationGroupIdentifier: group) else {
        fail("not a member of \(group) (APPEX_APP_GROUP_CONTAINERS does not name it)")
    }
    let inbox = try ShareInbox(containerURL: container)
    let documents = URL(fileURLWithPath: environment["APPEX_DATA_CONTAINER"] ?? FileManager.default.currentDirectoryPath)
        .appendingPathComponent("Documents", isDirectory: true)
    try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
    let notesFile = documents.appendingPathComponent("notes.txt")

    var received = 0
    while let share = try inbox.receive({ share in
        let settings = share.configuration.filter { $0.key != "title" }.sorted { $0.key < $1.key }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let title = (share.configuration["title"].map { " — \($0)" } ?? "") + (settings.isEmpty ? "" : " (\(settings))")
        let line = "\(share.text ?? "(no text)")\(title)\n"
        let handle = try FileHandle(forWritingTo: notesFile.createIfMissing())
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(line.utf8))
    }) {
        received += 1
        print("Notes: new share \(share.id) from \(share.sourceExtensionIdentifier ?? "?"): \(share.text ?? "")")
    }
    let notes = (try? String(contentsOf: notesFile, encoding: .utf8)) ?? ""
    let count = notes.split(separator: "\n").count
    print("Notes: \(received) new share(s); \(count) note(s) in all:")
    for line in notes.split(separator: "\n") { print("  • \(line)") }
    // The Today widget reads the latest notes from the group, newest first, and is hidden
    // while there are none (Apple's NCWidgetController).
    let latest = Array(notes.split(separator: "\n").suffix(5).reversed().map(String.init))
    if let defaults = SharedDefaults(suiteName: group) { try defaults.set(latest, forKey: "latest-notes") }
    WidgetController.widgetController().setHasContent(!latest.isEmpty, forWidgetWithBundleIdentifier: "com.example.notes.Widget")
    if let defaults = SharedDefaults(suiteName: group) {
        print("Notes: shared defaults say shares-saved = \(defaults.integer(forKey: "shares-saved")), last-shared-url = \(defaults.string(forKey: "last-shared-url") ?? "none")")
    }
} catch {
    fail("\(error)")
}

extension URL {
    func createIfMissing() -> URL {
        if !FileManager.default.fileExists(atPath: path) { FileManager.default.createFile(atPath: path, contents: nil) }
        return self
    }
}
