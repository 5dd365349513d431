import BackgroundTransfers
import Foundation

/// Transfers as text: one line each in `list`, every field in `show`.
enum TransferText {
    /// `7  upload  running  [#####...............]  25%  …  com.example.notes  session#1  URL`:
    /// what changes first, so that a line cut to a terminal's width keeps it.
    static func line(_ task: TransferTaskSnapshot) -> String {
        let kind = task.description.kind == .upload ? "upload" : "download"
        var line = "\(task.id)  \(kind)  \(task.state.rawValue)"
        if task.state == .running || task.state == .waiting { line += "  " + progress(task) }
        if let status = task.statusCode, task.state.isFinal { line += "  HTTP \(status)" }
        if let failure = task.failure { line += "  \(failure.code) (\(failure.urlErrorCode))" }
        return line + "  \(task.application)  \(task.sessionIdentifier)#\(task.description.taskIdentifier)  " + task.description.url
    }

    /// `[#######.............]  35%  3.5 MB of 10 MB`, or the bytes alone when the total is unknown.
    static func progress(_ task: TransferTaskSnapshot) -> String {
        let (done, total) = task.description.kind == .upload
            ? (task.bytesSent, task.bytesExpectedToSend) : (task.bytesReceived, task.bytesExpectedToReceive)
        guard total > 0 else { return bytes(done) }
        let fraction = min(1, Double(done) / Double(total))
        let filled = Int(fraction * 20)
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 20 - filled) + "] "
            + String(format: "%3d%%", Int(fraction * 100)) + "  \(bytes(done)) of \(bytes(total))"
    }

    static func details(_ task: TransferTaskSnapshot) -> String {
        var lines = [
            "Transfer \(task.id): \(task.description.kind.rawValue) \(task.state.rawValue)",
            "  URL:        \(task.description.method) \(task.description.url)",
            "  App:        \(task.application) (created by \(task.creator))",
            "  Session:    \(task.sessionIdentifier), task \(task.description.taskIdentifier), container \(task.sharedContainerIdentifier)",
            "  Progress:   \(progress(task))",
            "  Attempts:   \(task.attempts)",
        ]
        if let next = task.nextAttempt { lines.append("  Next try:   \(next.formatted(.iso8601))") }
        if let status = task.statusCode { lines.append("  Status:     HTTP \(status)") }
        if let failure = task.failure { lines.append("  Failure:    \(failure.code) (\(failure.urlErrorCode)): \(failure.message)") }
        if let label = task.description.taskDescription { lines.append("  Label:      \(label)") }
        return lines.joined(separator: "\n")
    }

    static func event(_ event: TransferEvent) -> String {
        var line = "\(event.application)  \(event.sessionIdentifier)#\(event.taskIdentifier)  \(event.kind.rawValue)"
        if let failure = event.failure {
            line += "  failed: \(failure.code) (\(failure.urlErrorCode)): \(failure.message)"
        } else if let status = event.statusCode {
            line += "  HTTP \(status)"
        }
        if let location = event.location { line += "  \(location)" }
        return line
    }

    static func bytes(_ count: Int64) -> String {
        ByteCountFormatter.string(fromByteCount: count, countStyle: .file)
    }
}

/// A transfer in `--json`.
struct TransferJSON: Encodable {
    var id: Int64
    var application: String
    var creator: String
    var session: String
    var taskIdentifier: Int
    var kind: String
    var method: String
    var url: String
    var state: String
    var bytesSent: Int64
    var bytesExpectedToSend: Int64
    var bytesReceived: Int64
    var bytesExpectedToReceive: Int64
    var attempts: Int
    var statusCode: Int?
    var failure: FailureJSON?

    init(_ task: TransferTaskSnapshot) {
        id = task.id
        application = task.application
        creator = task.creator
        session = task.sessionIdentifier
        taskIdentifier = task.description.taskIdentifier
        kind = task.description.kind.rawValue
        method = task.description.method
        url = task.description.url
        state = task.state.rawValue
        bytesSent = task.bytesSent
        bytesExpectedToSend = task.bytesExpectedToSend
        bytesReceived = task.bytesReceived
        bytesExpectedToReceive = task.bytesExpectedToReceive
        attempts = task.attempts
        statusCode = task.statusCode
        failure = task.failure.map(FailureJSON.init)
    }
}

/// An event in `--json`.
struct TransferEventJSON: Encodable {
    var id: Int64
    var application: String
    var session: String
    var taskIdentifier: Int
    var kind: String
    var url: String
    var statusCode: Int?
    var responseBody: String?
    var location: String?
    var failure: FailureJSON?

    init(_ event: TransferEvent) {
        id = event.id
        application = event.application
        session = event.sessionIdentifier
        taskIdentifier = event.taskIdentifier
        kind = event.kind.rawValue
        url = event.url
        statusCode = event.statusCode
        responseBody = event.responseBody.map { String(decoding: $0, as: UTF8.self) }
        location = event.location
        failure = event.failure.map(FailureJSON.init)
    }
}

struct FailureJSON: Encodable {
    var code: String
    var urlErrorCode: Int
    var message: String

    init(_ failure: TransferFailure) {
        code = failure.code
        urlErrorCode = failure.urlErrorCode
        message = failure.message
    }
}

extension TransferText {
    /// `service  descriptors-exhausted  since 14:31:02, 17 times, ongoing: no descriptor left …`:
    /// a condition of the service itself, above its tasks in `list` and in `doctor`.
    static func condition(_ condition: TransferServiceCondition) -> String {
        let times = condition.occurrences == 1 ? "once" : "\(condition.occurrences) times"
        let when = condition.ongoing
            ? "since \(condition.since.formatted(.iso8601)), \(times), ongoing"
            : "\(condition.since.formatted(.iso8601)) to \(condition.last.formatted(.iso8601)), \(times), ended"
        return "service  \(condition.code)  \(when): \(condition.message)"
    }
}
