import BackgroundTransfers
import DeviceLayout
import ExtensionIPC
import Foundation
import Glibc

/// The transfer benchmark: a 1 GiB upload and a 1 GiB download through the background
/// transfer service, against `curl` doing the same to the same loopback server in the same
/// run, rounds interleaved; and the service's peak resident memory. Needs the `appex`
/// product built next to appex-bench (the service is `appex transfers serve`).
struct TransferSuite {
    /// Rounds of each of the four transfers.
    let rounds: Int
    /// The size of the upload and of the download.
    let bytes: Int

    /// The app group whose container holds the upload.
    static let group = "group.com.example.bench"

    func run() async throws -> TransferResults {
        let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let appex = folder.appendingPathComponent("appex")
        guard FileManager.default.isExecutableFile(atPath: appex.path) else {
            throw HostBenchError("""
                the transfers suite runs the service from the appex next to appex-bench, and \(appex.path) does not exist; \
                build it first with the same scratch path and configuration, for example
                  swift build --scratch-path .build-bench -c release --product appex
                """)
        }
        guard let curl = ["/usr/bin/curl", "/bin/curl"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw HostBenchError("the transfers suite compares with curl, which is not installed (Debian package `curl`)")
        }
        guard let sync = ["/usr/bin/sync", "/bin/sync"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw HostBenchError("the transfers suite puts curl's download on disk with sync (coreutils), which is not installed")
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("appex-bench-transfers-\(UUID().uuidString.prefix(8))")
        let home = AppexHome(root: root)
        defer { try? FileManager.default.removeItem(at: root) }
        let container = home.appGroupContainer(groupIdentifier: Self.group)
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        let upload = container.appendingPathComponent("upload.bin")
        let blob = root.appendingPathComponent("blob.bin")
        try Self.writeFile(upload, bytes: bytes)
        try Self.writeFile(blob, bytes: bytes)
        let curlOutput = root.appendingPathComponent("curl-download.bin")

        let layout = TransferServiceLayout(home: home)
        // Started as hosts start it; it ends itself a minute after its last client should
        // anything below fail, and is stopped at once after a complete run.
        try TransferServiceStarter(home: home, executable: appex.path).ensureRunning()
        let token = try layout.issue(TransferLaunchRecord(extensionIdentifier: "com.example.bench.Share", applicationIdentifier: "com.example.bench",
                                                          appGroups: [Self.group], hostProcessIdentifier: getpid()))
        let delegate = TransferBenchDelegate()
        let configuration = URLSessionConfiguration.background(withIdentifier: "com.example.bench.transfers")
        configuration.sharedContainerIdentifier = Self.group
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil,
                                 endpoint: TransferServiceEndpoint(socket: layout.socket, token: token, starter: nil))
        defer { session.invalidateAndCancel() }

        return try await BlobServer.with(blob: blob) { base in
            var endings = delegate.endings.makeAsyncIterator()
            var samples = TransferResults.Samples()
            for _ in 0..<rounds {
                try await ProgramRun.run(sync, [])  // each starts with nothing dirty left by the one before
                samples.curlUpload.append(try await ProgramRun.timed {
                    try await ProgramRun.run(curl, ["-sS", "--fail", "-H", "Expect:", "-X", "POST", "-T", upload.path, "-o", "/dev/null", base.appendingPathComponent("sink").absoluteString])
                })
                try await ProgramRun.run(sync, [])  // each starts with nothing dirty left by the one before
                samples.serviceUpload.append(try await ProgramRun.timed {
                    var request = URLRequest(url: base.appendingPathComponent("sink"))
                    request.httpMethod = "POST"
                    let task = session.uploadTask(with: request, fromFile: upload)
                    task.resume()
                    try Self.check(await endings.next(), task: task, bytes: nil)
                })
                try await ProgramRun.run(sync, [])  // each starts with nothing dirty left by the one before
                samples.curlDownload.append(try await ProgramRun.timed {
                    try await ProgramRun.run(curl, ["-sS", "--fail", "-o", curlOutput.path, base.appendingPathComponent("blob").absoluteString])
                })
                try? FileManager.default.removeItem(at: curlOutput)
                try await ProgramRun.run(sync, [])  // each starts with nothing dirty left by the one before
                samples.curlDownloadSynced.append(try await ProgramRun.timed {
                    try await ProgramRun.run(curl, ["-sS", "--fail", "-o", curlOutput.path, base.appendingPathComponent("blob").absoluteString])
                    try await ProgramRun.run(sync, [curlOutput.path])
                })
                try? FileManager.default.removeItem(at: curlOutput)
                try await ProgramRun.run(sync, [])  // each starts with nothing dirty left by the one before
                samples.serviceDownload.append(try await ProgramRun.timed {
                    let task = session.downloadTask(with: base.appendingPathComponent("blob"))
                    task.resume()
                    try Self.check(await endings.next(), task: task, bytes: bytes)
                })
            }
            // Read once the service has served: by then it holds serve.lock, which names it.
            guard let servicePID = layout.servicePID() else { throw HostBenchError("no pid in \(layout.serveLock.path)") }
            defer { kill(servicePID, SIGTERM) }
            return TransferResults(bytes: bytes, rounds: rounds, samples: samples, servicePeakRSS: Self.peakRSS(servicePID))
        }
    }

    /// A file of `bytes` pseudo-random bytes, written in 1 MiB blocks.
    static func writeFile(_ url: URL, bytes: Int) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw HostBenchError("cannot create \(url.path)") }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var block = [UInt64](repeating: 0, count: (1 << 20) / 8)
        var left = bytes
        while left > 0 {
            for i in block.indices {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                block[i] = state
            }
            let count = min(left, 1 << 20)
            try block.withUnsafeBytes { try handle.write(contentsOf: Data($0.prefix(count))) }
            left -= count
        }
    }

    /// The process's peak resident set (`VmHWM` in /proc/PID/status), in bytes.
    static func peakRSS(_ pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kib = Int(line.split(separator: " ").dropFirst().first ?? "") else { return -1 }
        return kib * 1024
    }

    /// Throws unless the task ended well (and a download got every byte).
    static func check(_ ending: TransferBenchDelegate.Ending?, task: URLSessionTask, bytes: Int?) throws {
        guard let ending, ending.taskIdentifier == task.taskIdentifier else { throw HostBenchError("the session ended before task \(task.taskIdentifier) did") }
        if let error = ending.error { throw HostBenchError("transfer \(task.taskIdentifier) failed: \(error)") }
        guard ending.status == 200 else { throw HostBenchError("transfer \(task.taskIdentifier) got HTTP \(ending.status ?? 0)") }
        if let bytes, ending.downloadedBytes != bytes {
            throw HostBenchError("the download has \(ending.downloadedBytes ?? -1) bytes, not \(bytes)")
        }
    }
}
