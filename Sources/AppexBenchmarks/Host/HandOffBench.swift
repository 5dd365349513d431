import AppExtensions
import ExtensionHost
import Foundation

/// The hand-off of a file to an extension: a round trip in which the `peek` fixture loads
/// the file in place (it arrives as a descriptor) and reads its first 16 bytes, against
/// `FileManager.copyItem` of the same file, what a design that copies files into the
/// extension's reach would pay.
struct HandOffBench {
    /// The installed fixture.
    let fixture: HostFixture
    /// Whether the extension runs under bubblewrap.
    let sandboxed: Bool

    /// The `noop` round trip with no file, to show what the hand-off adds.
    func noFile() -> InterleavedSampler.Variant {
        let host = fixture.host(behavior: "noop", sandboxed: sandboxed)
        let installed = fixture.installed
        return InterleavedSampler.Variant(name: "round trip, no file (noop)") {
            let report = await host.run(installed, items: [ExtensionItem()])
            guard case .completed = report.outcome else {
                throw HostBenchError("noop round trip: \(report.outcome)")
            }
            return report.ending?.isSuccess == true
        }
    }

    /// The round trip that hands `file` over and reads its first bytes.
    func handOff(_ file: HandOffFile) -> InterleavedSampler.Variant {
        let host = fixture.host(behavior: "peek", sandboxed: sandboxed)
        let installed = fixture.installed
        return InterleavedSampler.Variant(name: "hand-off \(file.label)") {
            let report = await host.run(installed, items: [file.item()])
            guard case .completed(let items) = report.outcome, let provider = items.first?.attachments?.first else {
                throw HostBenchError("peek round trip: \(report.outcome)")
            }
            let text = try await provider.loadItem(forTypeIdentifier: "public.plain-text", as: String.self)
            return text == HandOffFile.marker
        }
    }

    /// `FileManager.copyItem` of `file` next to it; the copy is deleted untimed.
    func copy(_ file: HandOffFile) -> InterleavedSampler.Variant {
        let destination = file.url.deletingLastPathComponent().appendingPathComponent("copy-\(file.url.lastPathComponent)")
        return InterleavedSampler.Variant(name: "copyItem \(file.label)", body: {
            try FileManager.default.copyItem(at: file.url, to: destination)
            return true
        }, cleanup: {
            try? FileManager.default.removeItem(at: destination)
        })
    }
}
