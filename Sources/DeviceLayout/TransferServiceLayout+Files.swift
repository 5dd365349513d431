import Foundation
import SystemSupport

extension TransferServiceLayout {
    /// Writes `record` as a new grant and returns its token: `Launches/` (0700) and `run/`
    /// (0755) are made if missing, and the record is written durably under a temporary name
    /// and renamed (``DurableFile``), so the service never reads half of one, and a grant
    /// handed to an extension survives a crash of the machine.
    public func issue(_ record: TransferLaunchRecord) throws -> String {
        let token = TransferLaunchRecord.makeToken()
        let manager = FileManager.default
        try manager.createDirectory(at: launchesDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try manager.createDirectory(at: socketDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try DurableFile.write(try record.encoded(), over: launchRecord(token: token).path, mode: 0o600)
        return token
    }

    /// The pid of the running service, as `serve.lock` names it; `nil` when no service has
    /// written one (none ran yet, or it is still starting).
    public func servicePID() -> Int32? {
        guard let text = try? String(contentsOf: serveLock, encoding: .utf8) else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
