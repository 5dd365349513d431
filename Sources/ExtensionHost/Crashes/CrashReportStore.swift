import Foundation

/// The crash reports of every extension, in one folder (`CrashReports/` under the host's
/// home): `<extension>/<date>-<pid>.json`, the last ``keep`` per extension. Each file is
/// `{"signal": "SIGSEGV", "backtrace": {…the Swift backtracer's JSON…}}`.
///
/// Before a run the host makes a private folder for the backtracer
/// (`<extension>/.incoming-<uuid>/`, bound read-write into the sandbox); after a crash
/// it moves the report out of it, and it always removes the folder.
public struct CrashReportStore: Sendable {
    /// The folder holding one folder per extension.
    public var directory: URL
    /// How many reports are kept per extension; older ones are removed.
    public var keep: Int

    /// A store in `directory` keeping the last `keep` reports per extension.
    public init(directory: URL, keep: Int = 10) {
        self.directory = directory.standardizedFileURL
        self.keep = max(1, keep)
    }

    /// A new, empty folder for the backtracer of one run of `extensionIdentifier`.
    func makeIncomingFolder(for extensionIdentifier: String) throws -> URL {
        let folder = folder(for: extensionIdentifier).appendingPathComponent(".incoming-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// After a run: keeps the report in `incoming` if the process crashed (`signal`),
    /// prunes old reports, removes `incoming`; the report kept, if any.
    func collect(_ incoming: URL, extensionIdentifier: String, signal: String?, processIdentifier: Int32) -> CrashReport? {
        defer { try? FileManager.default.removeItem(at: incoming) }
        guard let signal,
              let file = (try? FileManager.default.contentsOfDirectory(at: incoming, includingPropertiesForKeys: [.fileSizeKey]))?
                .first(where: { $0.pathExtension == "json" }),
              let size = try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize, size <= CrashReport.maxReportSize,
              let data = try? Data(contentsOf: file) else { return nil }
        let identifier = "\(Self.stamp(Date()))-\(processIdentifier)"
        let destination = folder(for: extensionIdentifier).appendingPathComponent(identifier + ".json")
        guard let report = CrashReport(backtrace: data, identifier: identifier, extensionIdentifier: extensionIdentifier,
                                       signal: signal, path: destination.path),
              let backtrace = try? JSONSerialization.jsonObject(with: data),
              let stored = try? JSONSerialization.data(withJSONObject: ["signal": signal, "backtrace": backtrace],
                                                       options: [.sortedKeys]),
              (try? stored.write(to: destination, options: .atomic)) != nil else { return nil }
        prune(extensionIdentifier)
        return report
    }

    /// Every kept report, newest first; only `extensionIdentifier`'s when given.
    public func reports(extensionIdentifier: String? = nil) -> [CrashReport] {
        let extensions = extensionIdentifier.map { [$0] }
            ?? ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }
        return extensions.flatMap { reports(in: $0) }.sorted { ($0.date, $0.identifier) > ($1.date, $1.identifier) }
    }

    /// The report named `identifier` (`<date>-<pid>`, or its unique prefix).
    public func report(named identifier: String) -> CrashReport? {
        let matches = reports().filter { $0.identifier.hasPrefix(identifier) }
        return matches.count == 1 ? matches[0] : matches.first { $0.identifier == identifier }
    }

    private func reports(in extensionIdentifier: String) -> [CrashReport] {
        let folder = folder(for: extensionIdentifier)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.compactMap { name in
            let url = folder.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: url), data.count <= CrashReport.maxReportSize,
                  let stored = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let backtrace = stored["backtrace"],
                  let backtraceData = try? JSONSerialization.data(withJSONObject: backtrace) else { return nil }
            return CrashReport(backtrace: backtraceData, identifier: String(name.dropLast(5)),
                               extensionIdentifier: extensionIdentifier,
                               signal: stored["signal"] as? String ?? "a signal", path: url.path)
        }
    }

    /// Removes all but the newest ``keep`` reports of `extensionIdentifier`.
    private func prune(_ extensionIdentifier: String) {
        let folder = folder(for: extensionIdentifier)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted(by: >)
        for name in names.dropFirst(keep) { try? FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
    }

    private func folder(for extensionIdentifier: String) -> URL {
        directory.appendingPathComponent(extensionIdentifier, isDirectory: true)
    }

    /// `20261125T115546.348Z`: sorts by time, safe in a file name.
    static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss.SSS'Z'"
        return formatter.string(from: date)
    }
}
