import Foundation
import GRDB
import Testing
@testable import TransferService

/// A task's dates are stored as numbers (seconds since 1970), and rows that versions
/// before that wrote as text still read back.
@Suite("TransferStore dates")
struct TransferStoreDateTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// SQL that rewrites the stored `created`, as an older version wrote it; nil keeps it.
        var stored: String?
        var created: Date
        /// `typeof(created)` in the file.
        var storage: String
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "written now: a number", stored: nil, created: Date(timeIntervalSince1970: 1_795_000_000.25), storage: "real"),
        Case(name: "written as text by versions before 2026-11-29: still read", stored: "'2026-11-28 12:00:00.500'",
             created: Date(timeIntervalSince1970: 1_795_867_200.5), storage: "text"),
    ]

    @Test(arguments: cases)
    func dates(_ test: Case) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("transfer-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("transfers.sqlite")
        let store = try TransferStore(url: url)
        let id = try #require(try store.insert(.upload(to: "http://127.0.0.1/", created: test.created))?.id)
        let queue = try DatabaseQueue(path: url.path)
        if let stored = test.stored {
            try queue.write { try $0.execute(sql: "UPDATE task SET created = \(stored) WHERE id = ?", arguments: [id]) }
        }
        let storage = try queue.read { try String.fetchOne($0, sql: "SELECT typeof(created) FROM task WHERE id = ?", arguments: [id]) }
        #expect(storage == test.storage)
        let read = try #require(try store.task(id: id))
        #expect(abs(read.created.timeIntervalSince(test.created)) < 0.001, "read \(read.created), expected \(test.created)")
    }
}
