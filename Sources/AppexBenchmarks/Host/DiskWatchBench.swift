import AppExtensions
import ExtensionHost
import Foundation

/// What the disk limit costs: the same runs of the fixture with ``LaunchOptions/diskCap``
/// (every call that may grow a file waits for the host's answer) and without it (the
/// baseline): the `noop` share round trip, and a run that makes 1,000 writes of 4 KiB into
/// its data container (`write-files`).
struct DiskWatchBench {
    let fixture: HostFixture
    let sandboxed: Bool

    /// The writes of the `write-files` run.
    static let writes = 1_000

    var mode: String { sandboxed ? "bubblewrap" : "no sandbox" }

    /// The run of `behavior`, with or without the disk limit.
    func run(_ behavior: String, limited: Bool) -> InterleavedSampler.Variant {
        var options = LaunchOptions(sandboxed: sandboxed,
                                    environment: ["APPEX_FIXTURE_BEHAVIOR": behavior, "APPEX_FIXTURE_WRITES": String(Self.writes)])
        options.diskCap = limited ? 1_000_000_000 : nil
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]), options: options)
        let installed = fixture.installed
        return InterleavedSampler.Variant(name: "\(behavior), \(limited ? "disk limit" : "no disk limit") (\(mode))") {
            let report = await host.run(installed, items: [ExtensionItem()])
            guard case .completed(let items) = report.outcome else {
                throw HostBenchError("\(behavior) run: \(report.outcome)")
            }
            if behavior == "write-files" {
                let text = try await items.first?.attachments?.first?.loadItem(forTypeIdentifier: "public.plain-text", as: String.self)
                guard text == "wrote \(Self.writes)" else { throw HostBenchError("write-files run: \(text ?? "no answer")") }
            }
            return report.ending?.isSuccess == true
        }
    }
}
