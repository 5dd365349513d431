import Foundation
import HummingbirdWSClient
import Logging
import Synchronization

/// A connection to Chromium's DevTools protocol over its WebSocket: commands go out with
/// an id, and each waits for the reply with that id.
final class DevToolsConnection: Sendable {
    private let outgoing: AsyncStream<String>.Continuation
    private let waiters = Waiters()
    private let task: Task<Void, Never>

    /// Connects to `url` (the browser's `ws://…/devtools/browser/…`).
    init(url: String) {
        let (messages, outgoing) = AsyncStream.makeStream(of: String.self)
        self.outgoing = outgoing
        let waiters = waiters
        task = Task {
            var logger = Logger(label: "devtools")
            logger.logLevel = .critical
            _ = try? await WebSocketClient.connect(url: url, configuration: .init(maxFrameSize: 64 << 20), logger: logger) { inbound, outbound, _ in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await message in messages { try await outbound.write(.text(message)) }
                    }
                    for try await message in inbound.messages(maxSize: 64 << 20) {
                        guard case .text(let text) = message,
                              let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { continue }
                        guard let id = object["id"] as? Int else {
                            waiters.note(event: object)
                            continue
                        }
                        let waiter = waiters.state.withLock { $0.pending.removeValue(forKey: id) }
                        if let error = object["error"] as? [String: Any] {
                            waiter?.resume(throwing: DevToolsError(message: "\(error["message"] ?? error)"))
                        } else {
                            let result = (try? JSONSerialization.data(withJSONObject: object["result"] ?? [:])) ?? Data("{}".utf8)
                            waiter?.resume(returning: result)
                        }
                    }
                    group.cancelAll()
                }
            }
            let pending = waiters.state.withLock { state in
                state.closed = true
                defer { state.pending = [:] }
                return Array(state.pending.values)
            }
            pending.forEach { $0.resume(throwing: DevToolsError(message: "the DevTools connection closed")) }
        }
    }

    /// Sends `method` with `params` (to a page's `sessionId` when given) and returns the
    /// reply's result as JSON. A reply that has not come within `deadline` fails the
    /// command, naming it (a frame that went away never answers).
    func send(_ method: String, _ params: [String: Any] = [:], session: String? = nil,
              deadline: Duration = .seconds(60)) async throws -> [String: Any] {
        var command: [String: Any] = ["method": method, "params": params]
        if let session { command["sessionId"] = session }
        let id = waiters.state.withLock { state -> Int in
            defer { state.next += 1 }
            return state.next
        }
        command["id"] = id
        let json = try JSONSerialization.data(withJSONObject: command)
        let data = try await withThrowingTaskGroup(of: Data?.self) { group in
            group.addTask { try await self.exchange(id: id, json: json, method: method) }
            group.addTask {
                try await Task.sleep(for: deadline)
                let waiter = self.waiters.state.withLock { $0.pending.removeValue(forKey: id) }
                waiter?.resume(throwing: DevToolsError(message: "\(method) had no reply within \(deadline)"))
                return nil
            }
            defer { group.cancelAll() }
            while let next = try await group.next() {
                if let next { return next }
            }
            throw DevToolsError(message: "\(method) had no reply")
        }
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    /// Sends one command and waits for its reply.
    private func exchange(id: Int, json: Data, method: String) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            let open = waiters.state.withLock { state -> Bool in
                guard !state.closed else { return false }
                state.pending[id] = continuation
                return true
            }
            guard open else { return continuation.resume(throwing: DevToolsError(message: "the DevTools connection is closed")) }
            outgoing.yield(String(decoding: json, as: UTF8.self))
        }
    }

    /// The session of the newest out-of-process frame attached whose address contains
    /// `path`, if any.
    func attachedFrame(containing path: String) -> String? {
        waiters.frames.withLock { $0.last { $0.url.contains(path) }?.session }
    }

    /// Closes the connection and waits until it is closed.
    func close() async {
        outgoing.finish()
        task.cancel()
        await task.value
    }
}

/// The commands waiting for their replies.
final class Waiters: Sendable {
    let state = Mutex<(next: Int, pending: [Int: CheckedContinuation<Data, any Error>], closed: Bool)>((1, [:], false))
    /// Targets attached automatically (a page's out-of-process frames), by session: their
    /// address, newest last.
    let frames = Mutex<[(session: String, target: String, url: String)]>([])

    /// Keeps track of frames attached and detached (`Target.setAutoAttach`).
    func note(event: [String: Any]) {
        let params = event["params"] as? [String: Any] ?? [:]
        let info = params["targetInfo"] as? [String: Any] ?? [:]
        let session = params["sessionId"] as? String
        let target = info["targetId"] as? String
        let url = info["url"] as? String ?? ""
        switch event["method"] as? String {
        case "Target.attachedToTarget":
            if let session, let target, info["type"] as? String == "iframe" {
                frames.withLock { $0.append((session, target, url)) }
            }
        case "Target.targetInfoChanged":
            // A frame attaches before its navigation commits; its address comes later.
            frames.withLock { frames in
                for index in frames.indices where frames[index].target == target { frames[index].url = url }
            }
        case "Target.detachedFromTarget":
            frames.withLock { $0.removeAll { $0.session == session } }
        default:
            break
        }
    }
}

/// A DevTools command failed; the message is Chromium's.
struct DevToolsError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }

    /// Whether the target or context the command went to is gone (or never answered):
    /// worth finding it again.
    var isGone: Bool {
        ["Execution context was destroyed", "had no reply", "No target", "Session with given id not found",
         "Cannot find context", "no frame at"].contains { message.contains($0) }
    }
}
