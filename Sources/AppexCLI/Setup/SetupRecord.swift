import Foundation

/// The record of what `appex setup` wrote: `$XDG_DATA_HOME/appex/setup.json`.
///
/// It keeps each file's full content (the files are small), so `--remove` deletes a file only
/// when it still holds exactly what setup wrote, and setup recognises its own files on the
/// next run. It also lists the folders setup created, which `--remove` deletes when empty.
struct SetupRecord: Codable, Equatable {
    /// One file setup wrote.
    struct Entry: Codable, Equatable {
        var path: String
        var content: String
        var mode: UInt16
    }

    /// The format's version.
    var version = 1
    /// The files, in the order they were written.
    var files: [Entry] = []
    /// The folders setup created, parents before children.
    var directories: [String] = []

    /// The entry for a path, if setup wrote it.
    func entry(_ path: String) -> Entry? { files.first { $0.path == path } }

    /// Reads the record; an absent file is an empty record.
    static func load(_ url: URL) throws(SetupError) -> SetupRecord {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            if FileManager.default.fileExists(atPath: url.path) {
                throw SetupError(.badRecord, "cannot read \(url.path), the record of what appex setup wrote")
            }
            return SetupRecord()
        }
        do {
            let record = try JSONDecoder().decode(SetupRecord.self, from: data)
            guard record.version == 1 else {
                throw SetupError(.badRecord, "\(url.path) is version \(record.version) of the setup record; this appex reads version 1")
            }
            return record
        } catch let error as SetupError {
            throw error
        } catch {
            throw SetupError(.badRecord, "\(url.path) is not a setup record (\(error)); move it away and run again")
        }
    }

    /// The record as written: sorted keys, pretty-printed.
    func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
