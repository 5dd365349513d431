// Notes, the containing app. When it "becomes active" (runs), it takes every share its
// extension left in the app group's inbox, in order, stores each as a note in its own
// data container, and acknowledges it: a share is never lost and never shown twice.
// The note, its formatting and the store are NotesKit's, the framework in
// Notes.app/Frameworks/ that the extensions load too.
import AppGroups
import Foundation
import NotesKit
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
    let store = try NoteStore(folder: documents)
    print("Notes: NotesKit from \(NotesKitImage.loadedPath() ?? "(linked statically)")")

    var received = 0
    while let share = try inbox.receive({ share in
        try store.append(Note(text: share.text, shareConfiguration: share.configuration))
    }) {
        received += 1
        print("Notes: new share \(share.id) from \(share.sourceExtensionIdentifier ?? "?"): \(share.text ?? "")")
    }
    let notes = store.lines()
    print("Notes: \(received) new share(s); \(notes.count) note(s) in all:")
    for line in notes { print("  • \(line)") }
    // The Today widget reads the latest notes from the group, newest first, and is hidden
    // while there are none (Apple's NCWidgetController).
    let latest = store.latest(5)
    if let defaults = SharedDefaults(suiteName: group) { try defaults.set(latest, forKey: "latest-notes") }
    WidgetController.widgetController().setHasContent(!latest.isEmpty, forWidgetWithBundleIdentifier: "com.example.notes.Widget")
    if let defaults = SharedDefaults(suiteName: group) {
        print("Notes: shared defaults say shares-saved = \(defaults.integer(forKey: "shares-saved")), last-shared-url = \(defaults.string(forKey: "last-shared-url") ?? "none")")
    }
} catch {
    fail("\(error)")
}
