import Foundation
import TodayWidgets

/// A widget's last good state, kept so that the Today view can show it at once, before
/// the widget has updated, and in place of an update that failed.
public struct WidgetSnapshot: Hashable, Sendable, Codable {
    /// The widget's identifier.
    public var identifier: String
    /// What it showed.
    public var state: WidgetState
    /// When it showed it.
    public var updated: Date

    /// Creates a snapshot.
    public init(identifier: String, state: WidgetState, updated: Date = Date()) {
        self.identifier = identifier
        self.state = state
        self.updated = updated
    }
}

/// The widgets' snapshots: one JSON file per widget under `Widgets/Snapshots/` of the
/// home, each replaced atomically (written beside it, then renamed), so a crash mid-write
/// leaves the previous snapshot whole.
public struct WidgetSnapshotStore: Sendable {
    /// The folder of the snapshots.
    public let directory: URL

    /// The store in `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The store of `home`.
    public init(home: AppexHome) {
        self.init(directory: home.widgetSnapshotsDirectory)
    }

    /// The snapshot of `identifier`, or `nil` when there is none or it cannot be read (a
    /// damaged file counts as none: the next good update replaces it).
    public func snapshot(of identifier: String) -> WidgetSnapshot? {
        guard let file = file(for: identifier), let data = FileManager.default.contents(atPath: file.path) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let snapshot = try? decoder.decode(WidgetSnapshot.self, from: data), snapshot.identifier == identifier else { return nil }
        return snapshot
    }

    /// Keeps `snapshot`, replacing the widget's previous one whole.
    public func save(_ snapshot: WidgetSnapshot) throws {
        guard let file = file(for: snapshot.identifier) else {
            throw CocoaError(.fileWriteInvalidFileName, userInfo: [NSFilePathErrorKey: snapshot.identifier])
        }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try encoder.encode(snapshot).write(to: file, options: .atomic)
    }

    /// The file of `identifier`; `nil` for an identifier that is not one plain name.
    private func file(for identifier: String) -> URL? {
        guard PlainName.isPlain(identifier) else { return nil }
        return directory.appendingPathComponent(identifier + ".json", isDirectory: false)
    }
}
