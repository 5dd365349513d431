import CIBus
import Foundation
import KeyboardIBus
import Testing

extension ServingTests.IBusDaemonTests {
    /// The time from a client sending a key to it seeing the engine's commit, key after key.
    @Suite struct KeyLatency {
        static let keys = 500

        @Test func keyRoundTripLatency() async throws {
            let log = EventLog<EngineEvent>()
            let micros = try await withIBusDaemon { daemon in
                try await serving(on: daemon, log: log) {
                    try await IBusTestClient.with(daemon, engine: "appex:test") { client in
                        client.send(["cmd": "bench", "keyval": Int(IBUS_KEY_a), "count": Self.keys])
                        let bench = try await client.event { $0.event == "bench" }
                        return bench.micros ?? []
                    }
                }
            }
            #expect(micros.count == Self.keys)
            let sorted = micros.sorted()
            let p50 = sorted[sorted.count / 2], p99 = sorted[sorted.count * 99 / 100]
            // Saved with `swift test --attachments-path DIR`.
            Attachment.record("""
                {"keys": \(micros.count), "p50_us": \(p50), "p99_us": \(p99), "max_us": \(sorted.last ?? 0)}
                """, named: "key-latency.json")
            #expect(p99 < 1_000_000, "p50 \(p50) µs, p99 \(p99) µs")
        }
    }
}
