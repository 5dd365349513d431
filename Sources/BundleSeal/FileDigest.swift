import Crypto
import Foundation
import Glibc
import SystemSupport

/// The SHA-256 of a file's content (or, for a symbolic link, of its target's path), read
/// in 1 MiB pieces so that memory stays flat for a large executable.
package enum FileDigest {
    static let chunkSize = 1 << 20

    /// The hex SHA-256 of what `path` holds.
    package static func sha256(_ path: String) throws(BundleSealError) -> String {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw unreadable(path) }
        if (status.st_mode & S_IFMT) == S_IFLNK {
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &target, target.count - 1)
            guard count >= 0 else { throw unreadable(path) }
            return hex(SHA256.hash(data: Data(target[0..<count].map { UInt8(bitPattern: $0) })))
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw unreadable(path) }
        defer { close(descriptor) }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunkSize) }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(path)
            }
            if count == 0 { break }
            buffer.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        return hex(hasher.finalize())
    }

    static func hex(_ digest: SHA256.Digest) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }

    static func unreadable(_ path: String) -> BundleSealError {
        BundleSealError(.unreadable, "\(path): \(SystemErrorText.text(errno))")
    }
}
