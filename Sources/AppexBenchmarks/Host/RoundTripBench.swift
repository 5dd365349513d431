import AppExtensions
import ExtensionHost
import ExtensionIPC
import Foundation

/// The share round trip (spawn, hello, begin request, `completeRequest`, acknowledgement,
/// exit) of the `noop` fixture, against the floor: the same executable, launched with the
/// very configuration the host uses, exiting before it connects.
struct RoundTripBench {
    /// The installed fixture.
    let fixture: HostFixture
    /// Whether both sides run under bubblewrap.
    let sandboxed: Bool

    /// The label of this mode in the report.
    var mode: String { sandboxed ? "bubblewrap" : "no sandbox" }

    /// The floor: `ExtensionHost.configuration(for:)` with APPEX_FIXTURE_EXIT_AT_ONCE=1,
    /// launched and waited for.
    func floor() -> InterleavedSampler.Variant {
        let host = fixture.host(behavior: "noop", sandboxed: sandboxed, environment: ["APPEX_FIXTURE_EXIT_AT_ONCE": "1"])
        let configuration = host.configuration(for: fixture.installed)
        return InterleavedSampler.Variant(name: "floor (\(mode))") {
            let process = try await ChildProcess.launch(configuration)
            let ending = await process.exit(within: .seconds(20))
            if ending == nil { await process.terminate(grace: .milliseconds(200)) }
            return ending?.isSuccess == true
        }
    }

    /// The round trip through `ExtensionHost.run`, with one text attachment that the
    /// extension does not load (a share), or with an item without attachments.
    func roundTrip(attachment: Bool) -> InterleavedSampler.Variant {
        let host = fixture.host(behavior: "noop", sandboxed: sandboxed)
        let installed = fixture.installed
        let name = attachment ? "round trip (\(mode))" : "round trip, no attachment (\(mode))"
        return InterleavedSampler.Variant(name: name) {
            let item = ExtensionItem()
            if attachment {
                item.attachments = [ItemProvider(item: .string("https://www.swift.org"), typeIdentifier: "public.plain-text")]
            }
            let report = await host.run(installed, items: [item])
            guard case .completed(let items) = report.outcome else {
                throw HostBenchError("noop round trip: \(report.outcome)")
            }
            return items.isEmpty && report.ending?.isSuccess == true
        }
    }
}
