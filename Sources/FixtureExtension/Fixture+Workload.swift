import Foundation
import Glibc

/// Ordinary work, for the benchmarks.
extension Fixture {
    /// Writes `APPEX_FIXTURE_WRITES` (1,000) blocks of 4 KiB into `writes.bin` of its data
    /// container, replacing it, and removes it: "wrote N", or the error.
    static func writeFiles() -> String {
        let count = environment["APPEX_FIXTURE_WRITES"].flatMap { Int($0) } ?? 1_000
        let path = "\(dataContainer)/writes.bin"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return "open: \(errorName(errno))" }
        defer {
            close(fd)
            unlink(path)
        }
        let block = [UInt8](repeating: 0x42, count: 4096)
        for index in 0..<count where write(fd, block, block.count) != block.count {
            return "wrote \(index), then \(errorName(errno))"
        }
        return "wrote \(count)"
    }
}
