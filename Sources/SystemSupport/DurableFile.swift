import CAppexSystem
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Copies that survive a crash: the bytes go to a temporary name in the destination's
/// folder, are flushed, and replace the destination in one rename, whose folder is then
/// flushed too. A reader sees the old file or the new one, never half of either.
package enum DurableFile {
    /// Why a copy failed.
    package struct Failure: SimpleAppexError, Hashable {
        /// What kind of problem this is; extensible.
        package struct Code: ErrorCode {
            package let rawValue: String
            package init(rawValue: String) { self.rawValue = rawValue }

            /// The source is a folder, a pipe, a socket or a device: not a file to copy.
            package static let notRegularFile = Code("not-regular-file")
            /// The source holds more than the limit.
            package static let tooLarge = Code("too-large")
            /// Reading, writing, flushing or renaming failed.
            package static let fileSystem = Code("file-system")
        }

        package var code: Code
        package var message: String

        package init(_ code: Code, _ message: String) {
            self.code = code
            self.message = message
        }
    }

    /// Copies the regular file at `source` (opened without blocking, so a pipe is refused,
    /// never waited on) over `destination`, durably, with `mode` (the destination's own
    /// mode when it exists and `mode` is `nil`; else 0600). At most `maximumSize` bytes;
    /// returns how many were copied. Blocking: call it off Swift's shared threads.
    @discardableResult
    package static func copy(_ source: String, over destination: String, maximumSize: Int? = nil,
                             mode: mode_t? = nil) throws(Failure) -> Int {
        let input = open(source, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard input >= 0 else { throw failure("open", source) }
        defer { close(input) }
        return try copy(descriptor: input, named: source, over: destination, maximumSize: maximumSize, mode: mode)
    }

    /// Copies the regular file open at `input` (`named` in messages), from its start and
    /// whatever its offset, over `destination`, durably, as ``copy(_:over:maximumSize:mode:)``.
    @discardableResult
    package static func copy(descriptor input: Int32, named source: String, over destination: String,
                             maximumSize: Int? = nil, mode: mode_t? = nil) throws(Failure) -> Int {
        var info = stat()
        guard fstat(input, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw Failure(.notRegularFile, "\(source) is not a regular file")
        }
        if let maximumSize, Int(info.st_size) > maximumSize {
            throw Failure(.tooLarge, "\(source) holds \(info.st_size) bytes; at most \(maximumSize) are taken")
        }
        return try replace(destination, mode: mode) { output, temporary throws(Failure) in
            try copyContents(of: input, named: source, to: output, temporary, maximumSize: maximumSize)
        }
    }

    /// Copies all of the open file `input` (`source` in messages; from its start, whatever
    /// its offset) to `output` (the file `path`), at most `maximumSize` bytes; how many.
    package static func copyContents(of input: Int32, named source: String, to output: Int32, _ path: String,
                                     maximumSize: Int? = nil) throws(Failure) -> Int {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var total = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(input, $0.baseAddress, $0.count, off_t(total)) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw failure("read", source) }
            if count == 0 { return total }
            total += count
            if let maximumSize, total > maximumSize {
                throw Failure(.tooLarge, "\(source) holds more than \(maximumSize) bytes; at most \(maximumSize) are taken")
            }
            if let failure = buffer.withUnsafeBytes({ writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<count]), to: output, path) }) {
                throw failure
            }
        }
    }

    /// Moves the file at `source` to `destination` so that the move survives a crash: a
    /// rename, then the destination's folder flushed; across file systems (`EXDEV`), a
    /// durable copy (``copy(_:over:maximumSize:mode:)``, keeping the source's mode) and the
    /// source removed. The source's bytes must already be on disk (flushed by whoever wrote
    /// them): a rename moves the name, not the data. Blocking.
    package static func move(_ source: String, to destination: String) throws(Failure) {
        if rename(source, destination) == 0 {
            try syncFolder((destination as NSString).deletingLastPathComponent)
            return
        }
        guard errno == EXDEV else { throw failure("move \(source) to", destination) }
        var info = stat()
        guard stat(source, &info) == 0 else { throw failure("read the mode of", source) }
        try copy(source, over: destination, mode: info.st_mode & 0o7777)
        unlink(source)
    }

    /// Writes `bytes` over `destination`, durably, with `mode` (as ``copy(_:over:maximumSize:mode:)``).
    /// Blocking.
    package static func write(_ bytes: Data, over destination: String, mode: mode_t? = nil) throws(Failure) {
        try replace(destination, mode: mode) { output, temporary throws(Failure) in
            if let failure = bytes.withUnsafeBytes({ writeAll($0, to: output, temporary) }) { throw failure }
        }
    }

    /// A temporary file beside `destination` that `fill` writes, then flushed, renamed over
    /// `destination` and its folder flushed; removed if anything fails.
    private static func replace<T>(_ destination: String, mode: mode_t?,
                                   fill: (Int32, String) throws(Failure) -> T) throws(Failure) -> T {
        var existing = stat()
        let mode = mode ?? (stat(destination, &existing) == 0 ? existing.st_mode & 0o7777 : 0o600)
        let folder = (destination as NSString).deletingLastPathComponent
        let temporary = folder + "/.\((destination as NSString).lastPathComponent).appex-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let result = try create(temporary, mode: mode, fill: fill)
        guard rename(temporary, destination) == 0 else {
            let error = failure("replace", destination)
            unlink(temporary)
            throw error
        }
        try syncFolder(folder)
        return result
    }

    /// Creates the new file `path` (never an existing one) with `mode`, has `fill` write it,
    /// and flushes it; the file is removed if anything fails. The first step of every write
    /// here: the name it is then given is ``replace`` (over a file), ``placeWithoutReplacing(_:atFirstOf:)``
    /// (beside the others), or the caller's own.
    package static func create<T>(_ path: String, mode: mode_t, fill: (Int32, String) throws(Failure) -> T) throws(Failure) -> T {
        let output = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard output >= 0 else { throw failure("create", path) }
        do throws(Failure) {
            defer { close(output) }
            guard fchmod(output, mode) == 0 else { throw failure("set the mode of", path) }
            let result = try fill(output, path)
            guard fsync(output) == 0 else { throw failure("flush", path) }
            return result
        } catch {
            unlink(path)
            throw error
        }
    }

    /// Gives the flushed file `temporary` the first of `names` (full paths in its folder) that
    /// no file has, never replacing one, and flushes the folder; the name given, or `nil`
    /// when every one is taken (`temporary` is then left for the caller). `renameat2` with
    /// `RENAME_NOREPLACE`; where the file system cannot promise that, `link(2)` and then
    /// removing the temporary name.
    package static func placeWithoutReplacing(_ temporary: String, atFirstOf names: some Sequence<String>) throws(Failure) -> String? {
        var useLink = false
        for target in names {
            var result: Int32 = 0
            if !useLink {
                result = appex_rename_noreplace(temporary, target)
                useLink = result == EINVAL || result == ENOSYS || result == EOPNOTSUPP
            }
            if useLink {
                result = link(temporary, target) == 0 ? 0 : errno
                if result == 0 { unlink(temporary) }
            }
            if result == EEXIST { continue }
            guard result == 0 else { throw Failure(.fileSystem, "cannot save \(target): \(SystemErrorText.text(result))") }
            try syncFolder((target as NSString).deletingLastPathComponent)
            return target
        }
        return nil
    }

    /// Writes all of `bytes` to the descriptor `output` (a file, a pipe, a terminal), across
    /// short writes and interruptions; 0, or the `errno` that stopped it.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to output: Int32) -> Int32 {
        var written = 0
        while written < bytes.count {
            let step = Glibc.write(output, bytes.baseAddress.map { $0 + written }, bytes.count - written)
            if step < 0 && errno == EINTR { continue }
            guard step > 0 else { return step < 0 ? errno : EIO }
            written += step
        }
        return 0
    }

    /// Flushes a folder, so that a rename or removal in it survives a crash.
    package static func syncFolder(_ path: String) throws(Failure) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("open", path) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure("flush", path) }
    }

    /// Writes all of `bytes` to `output` (the file `path`); the failure, if one.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to output: Int32, _ path: String) -> Failure? {
        let number = writeAll(bytes, to: output)
        return number == 0 ? nil : Failure(.fileSystem, "cannot write \(path): \(SystemErrorText.text(number))")
    }

    private static func failure(_ doing: String, _ path: String) -> Failure {
        Failure(.fileSystem, "cannot \(doing) \(path): \(SystemErrorText.text(errno))")
    }
}
