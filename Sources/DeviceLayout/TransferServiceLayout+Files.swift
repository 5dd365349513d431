import Foundation

extension TransferServiceLayout {
    /// Writes `record` as a new grant and returns its token: `Launches/` (0700) and `run/`
    /// (0755) are made if missing, and the record is written under a temporary name and
    /// renamed, so the service never reads half of one.
    public func issue(_ record: TransferLaunchRecord) throws -> String {
        let token = TransferLaunchRecord.makeToken()
        let manager = FileManager.default
        try manager.createDirectory(at: launchesDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try manager.createDirectory(at: socketDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let path = launchRecord(token: token).path
        let temporary = path + ".writing"
        guard manager.createFile(atPath: temporary, contents: try record.encoded(), attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary])
        }
        guard rename(temporary, path) == 0 else {
            let error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            unlink(temporary)
            throw error
        }
        return token
    }

    /// The pid of the running service, as `serve.lock` names it; `nil` when no service has
    /// written one (none ran yet, or it is still starting).
    public func servicePID() -> Int32? {
        guard let text = try? String(contentsOf: serveLock, encoding: .utf8) else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
