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
        /// For a download that was not: what was wrong with it.
        var problem: String?
    }

    struct State {
        var items: [Int: Item] = [:]
        var endings: [Int: [Ending]] = [:]
        /// Downloads checked by their delegate call: what was wrong, or `nil` when exact.
        var checked: [Int: String?] = [:]
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
    func allEnded(_ count: Int) -> Bool { state.withLock { Self.allEnded(count)($0) } }

    /// Records download `id` checked: `problem` says what was wrong, `nil` when it was exact.
    func checkedDownload(_ id: Int, problem: String?) { state.withLock { $0.checked[id] = .some(problem) } }

    func heard(_ id: Int, status: Int?, error: String?) {
        notify { state in
            state.heard += 1
            let checked = state.checked.removeValue(forKey: id)
            state.endings[id, default: []].append(Ending(status: status, error: error, exact: checked.map { $0 == nil },
                                                         problem: checked ?? nil))
        }
    }

    func eventsFinished(opening: Int) { notify { $0.finished.insert(opening) } }

    /// Waits until `holds` is true of the ledger, re-checked at each change; `false` when
    /// `deadline` came first (one timer on the event loop, cancelled when done).
    func wait(until deadline: ContinuousClock.Instant, for holds: @escaping @Sendable (State) -> Bool) async throws -> Bool {
        let loop = try EventLoop.shared()
        let expired = Mutex(false)
        let timer = loop.schedule(after: deadline - .now) { [self] in
            expired.withLock { $0 = true }
            notify { _ in }
        }
        defer { loop.cancel(timer) }
        while true {
            let verdict = state.withLock { state -> Bool? in
                holds(state) ? true : (expired.withLock { $0 } ? false : nil)
            }
            if let verdict { return verdict }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let waiting = state.withLock { state -> Bool in
                    guard !holds(state), !expired.withLock({ $0 }) else { return false }
                    state.waiters.append(continuation)
                    return true
                }
                if !waiting { continuation.resume() }
            }
        }
    }

    /// Whether every planned transfer (`count`) has ended at least once.
    static func allEnded(_ count: Int) -> @Sendable (State) -> Bool {
        { state in state.items.count == count && state.items.keys.allSatisfy { state.endings[$0] != nil } }
    }

    /// Whether opening number `opening` was told `urlSessionDidFinishEvents`.
    static func eventsFinished(_ opening: Int) -> @Sendable (State) -> Bool {
        { state in state.finished.contains(opening) }
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
        let id = downloadTask.taskIdentifier
        guard let item = ledger.item(id) else { return ledger.checkedDownload(id, problem: "a download the soak did not start") }
        do {
            // Mapped, not read: the file goes once this returns, and may be 50 MB.
            let data = try Data(contentsOf: location, options: .alwaysMapped)
            let exact = data.count == item.size && data.withUnsafeBytes { SoakPattern.matches($0, seed: item.seed, offset: 0) }
            ledger.checkedDownload(id, problem: exact ? nil
                : "\(location.path) holds \(data.count) bytes, not file \(item.seed)'s \(item.size) exactly")
        } catch {
            ledger.checkedDownload(id, problem: "cannot read \(location.path): \(error)")
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        ledger.heard(task.taskIdentifier, status: (task.response as? HTTPURLResponse)?.statusCode, error: error.map { "\($0)" })
    }

    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        ledger.eventsFinished(opening: opening)
    }
}
