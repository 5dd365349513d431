import BackgroundTransfers
import ExtensionIPC
import Foundation
import Synchronization

/// What the soak's app heard: each task's endings (more than one is an event heard twice),
/// and which openings of the session were told `urlSessionDidFinishEvents`.
final class SoakLedger: Sendable {
    /// One planned transfer.
    struct Item: Sendable, Encodable {
        var upload: Bool
        var seed: UInt64
        var size: Int
    }

    /// One completion the app heard.
    struct Ending: Sendable, Encodable {
        var status: Int?
        var error: String?
        /// For a download: whether the file handed over was the whole file, exactly.
        var exact: Bool?
    }

    struct State {
        var items: [Int: Item] = [:]
        var endings: [Int: [Ending]] = [:]
        var checked: [Int: Bool] = [:]
        var heard = 0
        var openings = 0
        var finished: Set<Int> = []
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// The planned transfers by task identifier, and what was heard of each.
    var snapshot: (items: [Int: Item], endings: [Int: [Ending]]) { state.withLock { ($0.items, $0.endings) } }
    var heardCount: Int { state.withLock { $0.heard } }
    var openings: Int { state.withLock { $0.openings } }

    func planned(_ id: Int, _ item: Item) { state.withLock { $0.items[id] = item } }
    func item(_ id: Int) -> Item? { state.withLock { $0.items[id] } }
    func opened() { state.withLock { $0.openings += 1 } }

    /// Whether every planned transfer has ended at least once.
    func allEnded(_ count: Int) -> Bool {
        state.withLock { state in state.items.count == count && state.items.keys.allSatisfy { state.endings[$0] != nil } }
    }

    func checkedDownload(_ id: Int, exact: Bool) { state.withLock { $0.checked[id] = exact } }

    func heard(_ id: Int, status: Int?, error: String?) {
        notify { state in
            state.heard += 1
            state.endings[id, default: []].append(Ending(status: status, error: error, exact: state.checked.removeValue(forKey: id)))
        }
    }

    func eventsFinished(opening: Int) { notify { $0.finished.insert(opening) } }

    /// Returns at the next change, or after five seconds.
    func changed() async {
        let loop = try? EventLoop.shared()  // without a loop: no timeout, a change still wakes it
        await withCheckedContinuation { continuation in
            state.withLock { $0.waiters.append(continuation) }
            _ = loop?.schedule(after: .seconds(5)) { [self] in notify { _ in } }
        }
    }

    /// Returns once opening number `opening` was told `urlSessionDidFinishEvents`.
    func waitForEventsFinished(after opening: Int) async {
        while !state.withLock({ $0.finished.contains(opening) }) { await changed() }
    }

    private func notify(_ change: (inout State) -> Void) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            change(&state)
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume() }
    }
}

/// The soak app's delegate for one opening of the session: it checks each download against
/// ``SoakPattern`` before returning (the file goes afterwards) and reports to the ledger.
final class SoakDelegate: URLSessionDownloadDelegate, Sendable {
    let ledger: SoakLedger
    let opening: Int

    init(ledger: SoakLedger, opening: Int) {
        self.ledger = ledger
        self.opening = opening
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        // A file that cannot be opened or read to its end is a download that is not exact:
        // the failure is the finding, recorded as such.
        guard let item = ledger.item(downloadTask.taskIdentifier), let handle = try? FileHandle(forReadingFrom: location) else {
            return ledger.checkedDownload(downloadTask.taskIdentifier, exact: false)
        }
        defer { try? handle.close() }  // read-only: closing loses nothing
        var offset = 0
        var exact = true
        while exact, let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            exact = chunk.withUnsafeBytes { SoakPattern.matches($0, seed: item.seed, offset: offset) }
            offset += chunk.count
        }
        ledger.checkedDownload(downloadTask.taskIdentifier, exact: exact && offset == item.size)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        ledger.heard(task.taskIdentifier, status: (task.response as? HTTPURLResponse)?.statusCode, error: error.map { "\($0)" })
    }

    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        ledger.eventsFinished(opening: opening)
    }
}
