// Uploader, the containing app of the Upload share extension. It keeps the endpoint in
// the app group's shared defaults (`uploader-app --endpoint URL`), and reports how the
// extension's background uploads ended: it re-creates the extension's background session,
// as an iOS app does in application(_:handleEventsForBackgroundURLSession:completionHandler:),
// and its delegate hears of each upload exactly once.
//
//   uploader-app --endpoint URL   set where Upload sends files
//   uploader-app                  report the uploads that ended since the last run
//   uploader-app --watch          stay running and report each upload as it ends
import AppGroups
import BackgroundTransfers
import Foundation
import Synchronization

let group = "group.com.example.uploader"
let extensionSession = "com.example.uploader.UploadFile"

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("uploader-app: \(message)\n".utf8))
    exit(1)
}

/// Reports each ended upload on standard output and in `uploads.log` in the app's data
/// container; `finished` yields when a session's waiting events have all come (`nil`), or
/// why the session could not be opened.
final class UploadReporter: URLSessionDataDelegate, Sendable {
    let finished: AsyncStream<String?>
    private let finishedSink: AsyncStream<String?>.Continuation
    private let bodies = Mutex<[Int: Data]>([:])
    let log: URL

    init(log: URL) {
        self.log = log
        (finished, finishedSink) = AsyncStream.makeStream(of: String?.self)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        bodies.withLock { $0[dataTask.taskIdentifier, default: Data()].append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let name = task.taskDescription ?? task.originalRequest?.url?.lastPathComponent ?? "task \(task.taskIdentifier)"
        let body = bodies.withLock { $0.removeValue(forKey: task.taskIdentifier) }.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let line: String
        if let error {
            line = "Uploader: \(name) failed: \(error.localizedDescription)"
        } else {
            let status = (task.response as? HTTPURLResponse)?.statusCode ?? 0
            line = "Uploader: \(name) uploaded, HTTP \(status)" + (body.isEmpty ? "" : ": \(body)")
        }
        print(line)
        if let handle = try? FileHandle(forWritingTo: log) ?? nil {
            _ = try? handle.seekToEnd()
            try? handle.write(contentsOf: Data((line + "\n").utf8))
            try? handle.close()
        }
    }

    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        finishedSink.yield(nil)
    }

    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        if let error { finishedSink.yield("\(error.localizedDescription)") }
    }
}

/// Re-creates the session `identifier` and waits until its waiting events have come.
func takeEvents(of identifier: String, reporter: UploadReporter, finished: inout AsyncStream<String?>.Iterator) async {
    let configuration = URLSessionConfiguration.background(withIdentifier: identifier)
    configuration.sharedContainerIdentifier = group
    let session = URLSession(configuration: configuration, delegate: reporter, delegateQueue: nil)
    if case let failure?? = await finished.next() { fail("cannot open the session \(identifier): \(failure)") }
    session.finishTasksAndInvalidate()
}

func run() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let defaults = SharedDefaults(suiteName: group) else { fail("not a member of \(group)") }
    if let index = arguments.firstIndex(of: "--endpoint") {
        guard index + 1 < arguments.count, let url = URL(string: arguments[index + 1]), url.scheme == "http" || url.scheme == "https" else {
            fail("--endpoint needs an http or https URL")
        }
        do { try defaults.set(url.absoluteString, forKey: "upload-endpoint") } catch { fail("\(error)") }
        print("Uploader: Upload sends files to \(url.absoluteString)")
        return
    }

    let data = URL(fileURLWithPath: ProcessInfo.processInfo.environment["APPEX_DATA_CONTAINER"] ?? FileManager.default.currentDirectoryPath)
    try? FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    let log = data.appendingPathComponent("uploads.log")
    if !FileManager.default.fileExists(atPath: log.path) { FileManager.default.createFile(atPath: log.path, contents: nil) }
    let reporter = UploadReporter(log: log)
    var finished = reporter.finished.makeAsyncIterator()

    if arguments.contains("--watch") {
        // Told at once of each session with events waiting, as long as this runs.
        do {
            for try await identifier in URLSession.backgroundSessionEvents() {
                await takeEvents(of: identifier, reporter: reporter, finished: &finished)
            }
        } catch {
            fail("\(error)")
        }
    } else {
        await takeEvents(of: extensionSession, reporter: reporter, finished: &finished)
        let started = defaults.integer(forKey: "uploads-started")
        let reported = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").count
        print("Uploader: \(started) upload(s) started by the extension; \(reported) reported so far (\(log.path))")
    }
}

await run()
