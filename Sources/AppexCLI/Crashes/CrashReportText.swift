import ExtensionHost
import Foundation

/// Crash reports as the terminal shows them.
enum CrashReportText {
    /// `20261125T121530.123Z-4242  com.example.Share  SIGSEGV  Bad pointer dereference in crash() at Fixture.swift:60:25`
    static func summary(_ report: CrashReport) -> String {
        var line = "\(report.identifier)  \(report.extensionIdentifier)  \(report.signal)  \(report.reason)"
        if let frame = report.firstOwnFrame {
            line += " in \(frame.description)"
            if let location = frame.sourceLocation { line += " at \((location as NSString).lastPathComponent)" }
        }
        return line
    }

    /// The report's header and the crashed thread's frames, innermost first.
    static func details(_ report: CrashReport) -> String {
        var lines = ["\(report.extensionIdentifier) crashed: \(report.signal), \(report.reason)",
                     "report: \(report.path)",
                     "thread \(report.thread ?? "?") crashed:"]
        let own = report.firstOwnFrame
        for (index, frame) in report.frames.enumerated() {
            let marker = frame == own ? "→" : " "
            var line = "\(marker) \(String(index).padding(toLength: 3, withPad: " ", startingAt: 0)) \(frame.description)"
            if let image = frame.image { line += " in \(image)" }
            if let location = frame.sourceLocation { line += " at \(location)" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
