import AsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL
import Testing
@testable import TransferService

/// How an attempt's error decides what happens next (docs/TRANSFERS.md, "Retries"): a
/// network failure is tried again with Apple's code; a TLS failure, a bad URL and a
/// cancellation are not.
@Suite("Transfer errors: retried or final")
struct ErrorClassificationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var error: any Error & Sendable
        /// The URL error code, and whether another attempt follows.
        var urlErrorCode: Int
        var retried: Bool
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "a TLS connection closed mid-transfer without close_notify: -1005, retried",
             error: NIOSSLError.uncleanShutdown, urlErrorCode: -1005, retried: true),
        Case(name: "a failed handshake: -1200, final", error: NIOSSLError.handshakeFailed(.sslError([])), urlErrorCode: -1200, retried: false),
        Case(name: "connection refused: -1004, retried", error: IOError(errnoCode: ECONNREFUSED, reason: "connect"), urlErrorCode: -1004, retried: true),
        Case(name: "a reset: -1005, retried", error: IOError(errnoCode: ECONNRESET, reason: "read"), urlErrorCode: -1005, retried: true),
        Case(name: "the read timeout: -1001, retried", error: HTTPClientError.readTimeout, urlErrorCode: -1001, retried: true),
        Case(name: "the write timeout (a body the server stopped reading): -1001, retried", error: HTTPClientError.writeTimeout,
             urlErrorCode: -1001, retried: true),
        Case(name: "the connect timeout: -1001, retried", error: HTTPClientError.connectTimeout, urlErrorCode: -1001, retried: true),
        Case(name: "an invalid URL: -1000, final", error: HTTPClientError.invalidURL, urlErrorCode: -1000, retried: false),
        Case(name: "more than 10 redirects: -1007, final", error: HTTPClientError.redirectLimitReached, urlErrorCode: -1007, retried: false),
        Case(name: "a redirect cycle: -1007, final", error: HTTPClientError.redirectCycleDetected, urlErrorCode: -1007, retried: false),
        Case(name: "the server closed the connection: -1005, retried", error: HTTPClientError.remoteConnectionClosed, urlErrorCode: -1005, retried: true),
    ]

    @Test(arguments: cases)
    func classify(_ scenario: Case) {
        switch TransferEngine.classify(scenario.error) {
        case .networkFailure(let failure):
            #expect(scenario.retried, "\(failure)")
            #expect(failure.urlErrorCode == scenario.urlErrorCode)
        case .fatal(let failure):
            #expect(!scenario.retried, "\(failure)")
            #expect(failure.urlErrorCode == scenario.urlErrorCode)
        case let other:
            Issue.record("an error became \(other)")
        }
    }
}
