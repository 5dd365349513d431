import Foundation
import Testing
import TransferService

/// The retry policy docs/TRANSFERS.md states: full-jitter exponential back-off from the base
/// up to the cap, a `Retry-After` (seconds or an HTTP date) that wins up to an hour, and the
/// environment's settings.
@Suite("Transfer service configuration")
struct TransferServiceConfigurationTests {
    struct DelayCase: Sendable, CustomTestStringConvertible {
        var name: String
        var attempt: Int
        var retryAfter: Duration?
        /// The longest wait allowed; with `exact`, the only one.
        var ceiling: Duration
        var exact = false
        var testDescription: String { name }
    }

    static let delays = [
        DelayCase(name: "after the first attempt: up to the base, 1 s", attempt: 1, ceiling: .seconds(1)),
        DelayCase(name: "after the third: up to 4 s", attempt: 3, ceiling: .seconds(4)),
        DelayCase(name: "after the tenth: up to the cap, 60 s", attempt: 10, ceiling: .seconds(60)),
        DelayCase(name: "Retry-After: 7 wins over the back-off", attempt: 1, retryAfter: .seconds(7), ceiling: .seconds(7), exact: true),
        DelayCase(name: "Retry-After of two hours is cut to one", attempt: 1, retryAfter: .seconds(7200), ceiling: .seconds(3600), exact: true),
    ]

    @Test(arguments: delays)
    func delay(_ scenario: DelayCase) {
        let configuration = TransferServiceConfiguration()
        let waits = (0..<200).map { _ in configuration.delay(afterAttempt: scenario.attempt, retryAfter: scenario.retryAfter) }
        #expect(waits.allSatisfy { $0 >= .zero && $0 <= scenario.ceiling }, "\(waits.max() ?? .zero) > \(scenario.ceiling)")
        if scenario.exact {
            #expect(Set(waits.map(\.components.seconds)).count == 1)
        } else {
            // Full jitter: spread over the whole range, not a fixed wait.
            #expect(Set(waits).count > 100)
            #expect((waits.max() ?? .zero) > scenario.ceiling / 2)
        }
    }

    struct RetryAfterCase: Sendable, CustomTestStringConvertible {
        var name: String
        var value: String?
        var expected: Duration?
        var testDescription: String { name }
    }

    static let retryAfters = [
        RetryAfterCase(name: "seconds", value: "120", expected: .seconds(120)),
        RetryAfterCase(name: "an HTTP date ten seconds on", value: "Sun, 29 Nov 2026 12:00:10 GMT", expected: .seconds(10)),
        RetryAfterCase(name: "an HTTP date already past: no wait", value: "Sun, 29 Nov 2026 11:59:00 GMT", expected: .zero),
        RetryAfterCase(name: "words: ignored", value: "soon", expected: nil),
        RetryAfterCase(name: "negative: ignored", value: "-5", expected: nil),
        RetryAfterCase(name: "absent", value: nil, expected: nil),
    ]

    @Test(arguments: retryAfters)
    func retryAfter(_ scenario: RetryAfterCase) throws {
        let now = try #require(ISO8601DateFormatter().date(from: "2026-11-29T12:00:00Z"))
        #expect(TransferServiceConfiguration.retryAfter(scenario.value, now: now) == scenario.expected)
    }

    @Test("The environment's settings, and the ones ignored")
    func environment() {
        let set = TransferServiceConfiguration.fromEnvironment([
            "APPEX_TRANSFERS_MAX_ATTEMPTS": "3", "APPEX_TRANSFERS_BACKOFF_MS": "50", "APPEX_TRANSFERS_IDLE_EXIT_S": "0",
            "APPEX_TRANSFERS_STORE_BUSY_MS": "200", "SSL_CERT_FILE": "/etc/ca.pem", "APPEX_TRANSFERS_STALL_S": "7",
        ])
        #expect(set.readTimeout == .seconds(7) && set.writeTimeout == .seconds(7))
        #expect(set.maxAttempts == 3)
        #expect(set.backoffBase == .milliseconds(50) && set.backoffCap == .milliseconds(3200))
        #expect(set.idleExit == nil)
        #expect(set.storeBusyTimeout == .milliseconds(200))
        #expect(set.storeRetryDelays == [.milliseconds(20), .milliseconds(80), .milliseconds(320)])
        #expect(set.trustRootsFile == "/etc/ca.pem")
        let ignored = TransferServiceConfiguration.fromEnvironment([
            "APPEX_TRANSFERS_MAX_ATTEMPTS": "0", "APPEX_TRANSFERS_BACKOFF_MS": "fast", "APPEX_TRANSFERS_STORE_BUSY_MS": "-1",
        ])
        let defaults = TransferServiceConfiguration()
        #expect(ignored.maxAttempts == defaults.maxAttempts && ignored.backoffBase == defaults.backoffBase)
        #expect(ignored.storeBusyTimeout == defaults.storeBusyTimeout && ignored.idleExit == defaults.idleExit)
    }
}
