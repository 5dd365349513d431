import TransferWire
import CAppexSystem
import DeviceLayout
import Foundation
import SystemSupport

/// Decides who a connected client is, never trusting what it says about itself.
///
/// - A token names a grant its host wrote in `Transfers/Launches/` (``TransferLaunchRecord``):
///   an extension in its sandbox cannot read that folder, so holding the token is the proof.
/// - Without a token, the socket's peer credentials give the process; its executable
///   (`/proc/PID/exe`) must be an installed app's (``identifyApplication``), this
///   service's own, or one of ``administrators`` (the `appex` that started it: the user's
///   command line, which may see every task).
package struct CallerIdentity: Sendable {
    package var layout: TransferServiceLayout
    /// The installed app whose bundle holds an executable path, with its app groups.
    package var identifyApplication: @Sendable (String) throws(TransferFailure) -> TransferCaller?
    /// The executables whose processes may see and cancel every task: the service's own
    /// and those it was given (the `appex` that started it).
    package var administrators: [String]

    package init(layout: TransferServiceLayout, administrators: [String] = [],
                 identifyApplication: @escaping @Sendable (String) throws(TransferFailure) -> TransferCaller?) {
        self.layout = layout
        self.administrators = administrators + [ExecutableSearch.running].compactMap { $0 }
        self.identifyApplication = identifyApplication
    }

    /// The caller on `socket` that presented `token`.
    package func identify(socket: Int32, token: String?) -> Result<TransferCaller, TransferFailure> {
        if let token {
            guard TransferLaunchRecord.isWellFormedToken(token) else {
                return .failure(.notEntitled("the token names no launch: it expired with its extension's run, or was never granted"))
            }
            let data: Data
            switch Self.contents(of: layout.launchRecord(token: token).path) {
            case .success(let contents):
                data = contents
            case .failure(let error) where error.number == ENOENT:
                return .failure(.notEntitled("the token names no launch: it expired with its extension's run, or was never granted"))
            case .failure(let error):
                // Not a verdict on the caller: the service could not look (out of descriptors,
                // say). Said as it is, so that the caller does not read "not entitled".
                return .failure(TransferFailure(urlErrorCode: TransferFailure.unknown, code: "grant-unreadable",
                                                message: "the service cannot read the launch record \(layout.launchRecord(token: token).lastPathComponent) now: \(SystemErrorText.text(error.number)); try again"))
            }
            guard let record = try? TransferLaunchRecord.decode(data) else {
                return .failure(.notEntitled("the launch record \(layout.launchRecord(token: token).lastPathComponent) is damaged"))
            }
            let kind: TransferCaller.Kind = record.extensionIdentifier == record.applicationIdentifier ? .application : .extension
            return .success(TransferCaller(kind: kind, bundleIdentifier: record.extensionIdentifier,
                                           applicationIdentifier: record.applicationIdentifier, appGroups: record.appGroups))
        }
        var pid: pid_t = 0, uid: uid_t = 0, gid: gid_t = 0
        guard appex_peer_credentials(socket, &pid, &uid, &gid) == 0, pid > 0 else {
            return .failure(.notEntitled("the caller's process cannot be known (no peer credentials) and it presented no token"))
        }
        guard uid == getuid() else {
            return .failure(.notEntitled("the caller runs as user \(uid), the service as \(getuid())"))
        }
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe") else {
            return .failure(.notEntitled("the executable of process \(pid) cannot be read"))
        }
        if administrators.contains(where: { Self.sameFile($0, executable) }) {
            return .success(TransferCaller(kind: .administrator, bundleIdentifier: "appex", applicationIdentifier: nil, appGroups: []))
        }
        do throws(TransferFailure) {
            if let caller = try identifyApplication(executable) { return .success(caller) }
        } catch {
            return .failure(error)
        }
        return .failure(.notEntitled("process \(pid) (\(executable)) is neither an installed app nor an extension its host granted a token"))
    }

    /// The `errno` that kept a file from being read.
    private struct ReadFailure: Error {
        var number: Int32
    }

    /// A small file's bytes, or why they could not be read.
    private static func contents(of path: String) -> Result<Data, ReadFailure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(ReadFailure(number: errno)) }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .failure(ReadFailure(number: errno)) }
            if count == 0 { return .success(data) }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    private static func sameFile(_ first: String, _ second: String) -> Bool {
        var a = stat(), b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return first == second }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }
}
