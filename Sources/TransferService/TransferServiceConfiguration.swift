import Foundation

/// How the service retries, what it keeps, when it leaves.
package struct TransferServiceConfiguration: Sendable {
    /// Attempts per task before it fails for good (network errors, 5xx, 429).
    package var maxAttempts = 5
    /// The first back-off; each later one doubles, with full jitter, up to ``backoffCap``.
    package var backoffBase: Duration = .seconds(1)
    /// The longest back-off.
    package var backoffCap: Duration = .seconds(60)
    /// The longest `Retry-After` honoured; a longer one is cut to this.
    package var retryAfterCap: Duration = .seconds(3600)
    /// How much of an upload's response body the app gets.
    package var responseBodyLimit = 64 << 10
    /// How long the service stays with no task and no client before it exits; `nil`: never.
    package var idleExit: Duration? = .seconds(60)
    /// Certificate authorities to trust instead of the system's (`SSL_CERT_FILE`, as OpenSSL and curl read it).
    package var trustRootsFile: String?
    /// The longest a connection may take to open, a response may stay silent, and a request
    /// body may stall (a server that stops reading it): an attempt never hangs for ever.
    package var connectTimeout: Duration = .seconds(30)
    package var readTimeout: Duration = .seconds(120)
    package var writeTimeout: Duration = .seconds(120)
    /// How long one store write waits for another connection's transaction (SQLite's busy
    /// timeout) before it counts as failed.
    package var storeBusyTimeout: Duration = .seconds(30)
    /// The waits between tries of a store write that failed (busy, a full disk, an I/O
    /// error). A task's new state that still cannot be written ends the task as failed
    /// (`store-unwritable`); a task's ending is tried again at the last wait until it is
    /// written or the service stops.
    package var storeRetryDelays: [Duration] = [.milliseconds(100), .milliseconds(400), .milliseconds(1600), .milliseconds(6400)]

    package init() {}

    /// The defaults, with the environment's settings: `APPEX_TRANSFERS_MAX_ATTEMPTS`,
    /// `APPEX_TRANSFERS_BACKOFF_MS`, `APPEX_TRANSFERS_IDLE_EXIT_S` (0: never), `SSL_CERT_FILE`,
    /// `APPEX_TRANSFERS_STORE_BUSY_MS` (the store's busy timeout; the waits between its
    /// retries scale with it, a tenth of it and up), `APPEX_TRANSFERS_STALL_S` (the read and
    /// write timeouts).
    package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Self {
        var configuration = Self()
        if let value = environment["APPEX_TRANSFERS_MAX_ATTEMPTS"].flatMap(Int.init), value > 0 { configuration.maxAttempts = value }
        if let value = environment["APPEX_TRANSFERS_BACKOFF_MS"].flatMap(Int.init), value >= 0 {
            configuration.backoffBase = .milliseconds(value)
            configuration.backoffCap = .milliseconds(max(value, 1) * 64)
        }
        if let value = environment["APPEX_TRANSFERS_IDLE_EXIT_S"].flatMap(Int.init) {
            configuration.idleExit = value > 0 ? .seconds(value) : nil
        }
        if let file = environment["SSL_CERT_FILE"], !file.isEmpty { configuration.trustRootsFile = file }
        if let value = environment["APPEX_TRANSFERS_STALL_S"].flatMap(Int64.init), value > 0 {
            configuration.readTimeout = .seconds(value)
            configuration.writeTimeout = .seconds(value)
        }
        if let value = environment["APPEX_TRANSFERS_STORE_BUSY_MS"].flatMap(Int64.init), value > 0 {
            configuration.storeBusyTimeout = .milliseconds(value)
            configuration.storeRetryDelays = [1, 4, 16].map { .milliseconds(max(value / 10, 1) * $0) }
        }
        return configuration
    }

    /// The wait before attempt `attempt + 1` (after `attempt` failed ones): full jitter over
    /// `base · 2^(attempt-1)`, capped; a server's `Retry-After` wins when given.
    package func delay(afterAttempt attempt: Int, retryAfter: Duration?) -> Duration {
        if let retryAfter { return min(retryAfter, retryAfterCap) }
        let exponent = min(max(attempt - 1, 0), 30)
        let ceiling = min(backoffBase * (1 << exponent), backoffCap)
        let nanoseconds = ceiling.components.seconds * 1_000_000_000 + ceiling.components.attoseconds / 1_000_000_000
        guard nanoseconds > 0 else { return .zero }
        return .nanoseconds(Int64.random(in: 0...nanoseconds))
    }

    /// A `Retry-After` value: seconds, or an HTTP date.
    package static func retryAfter(_ value: String?, now: Date = Date()) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value), seconds >= 0 { return .seconds(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .milliseconds(max(0, Int64(date.timeIntervalSince(now) * 1000)))
    }
}
