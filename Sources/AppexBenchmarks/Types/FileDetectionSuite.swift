import FileTypeSniffing
import Foundation
import TypeIdentifiers

/// File type detection (`UTType(forFileAt:)`): by extension, and by content through
/// libmagic for files without one, against a plain `stat()` of the same files.
struct FileDetectionSuite {
    /// How each benchmark is timed.
    let measurer: Measurer

    /// Runs the suite over freshly written fixtures; the first row is the baseline.
    func run() -> [ResultRow] {
        let fixtures: FileFixtures
        do {
            fixtures = try FileFixtures()
        } catch {
            return [ResultRow(skipped: "file detection", reason: "cannot write fixtures: \(error)")]
        }
        defer { fixtures.remove() }
        let named = fixtures.withExtension.map(\.path)
        let statBaseline = measurer.measure(operationsPerCall: named.count) { call in
            var total = 0
            var info = stat()
            for i in Rotation(count: named.count, start: call) where stat(named[i], &info) == 0 {
                total &+= Int(info.st_size)
            }
            return total
        }
        let byName = measure(fixtures.withExtension)
        let byContent = measure(fixtures.withoutExtension)
        return [
            ResultRow(name: "baseline: stat()", statBaseline, note: "\(named.count) files"),
            row("UTType(forFileAt:) with extension", byName.measurement, statBaseline, note: byName.types),
            row("UTType(forFileAt:) without extension", byContent.measurement, statBaseline, note: byContent.types),
        ]
    }

    /// Times detection over `urls`; also returns the detected identifiers, for the report.
    private func measure(_ urls: [URL]) -> (measurement: Measurement, types: String) {
        let identifiers = urls.map { url in (try? FileTypeDetector.sniffing.detect(fileAt: url).type.identifier) ?? "error" }
        let measurement = measurer.measure(operationsPerCall: urls.count) { call in
            var total = 0
            for i in Rotation(count: urls.count, start: call) {
                if let type = try? FileTypeDetector.sniffing.detect(fileAt: urls[i]).type { total &+= type.identifier.utf8.count }
            }
            return total
        }
        return (measurement, identifiers.joined(separator: ", "))
    }

    private func row(_ name: String, _ m: Measurement, _ baseline: Measurement, note: String) -> ResultRow {
        ResultRow(name: name, m, against: ("stat()", baseline), note: note)
    }
}
