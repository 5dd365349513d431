import CAppexSystem
import Foundation
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// Writes files into a folder without ever replacing one, and without a half-written file
/// ever visible under its final name.
///
/// Each file is written to a hidden temporary file in the same folder
/// (`.NAME.appex-PID-RANDOM.part`), flushed, then moved to its name with no-replace
/// semantics: `renameat2(RENAME_NOREPLACE)`, or where the file system cannot promise that,
/// `link(2)` and then removing the temporary name. A name already taken gets " 2", " 3", …
/// before its extension (`photo 2.jpg`). Every call blocks: run it through `Offload`.
struct FolderSaver: Sendable {
    /// The folder's path.
    let folder: String

    /// Copies are read and written in pieces of this many bytes.
    static let chunkSize = 1 << 16
    /// The most " N" suffixes tried before giving up.
    static let maximumSuffix = 9_999

    /// A saver for `folder`, after checking it is an existing, writable folder.
    init(checking folder: String) throws(ShareActivityError) {
        var info = stat()
        guard stat(folder, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw ShareActivityError(.folderMissing, "the folder \(folder) does not exist") }
            throw ShareActivityError(.folderMissing, "cannot reach the folder \(folder): \(SystemErrorText.text(errno))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw ShareActivityError(.notAFolder, "\(folder) is not a folder") }
        guard access(folder, W_OK | X_OK) == 0 else {
            throw ShareActivityError(.folderNotWritable, "the folder \(folder) cannot be written: \(SystemErrorText.text(errno))")
        }
        self.folder = folder
    }

    /// Saves `data` as `name` (or the first free variant of it); the saved file's path.
    func save(_ data: Data, as name: String) throws(ShareActivityError) -> String {
        try place(name) { descriptor in
            data.withUnsafeBytes { Self.writeAll(descriptor, $0) }
        }
    }

    /// Saves a copy of the regular file at `source` as `name` (or the first free variant);
    /// the saved file's path.
    func save(copying source: String, as name: String) throws(ShareActivityError) -> String {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw ShareActivityError(.unreadableAttachment, "cannot read \(source): \(SystemErrorText.text(errno))") }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw ShareActivityError(.unreadableAttachment, "\(source) is not a file (only files can be saved)")
        }
        return try place(name) { output in
            var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count < 0 { return errno }
                if count == 0 { return 0 }
                let failure = buffer.withUnsafeBytes { Self.writeAll(output, UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                if failure != 0 { return failure }
            }
        }
    }

    /// Writes a temporary file with `write` (which returns 0 or an errno value), then moves
    /// it to the first free variant of `name`.
    private func place(_ name: String, _ write: (Int32) -> Int32) throws(ShareActivityError) -> String {
        let name = Self.sanitized(name)
        let temporary = folder + "/.\(name.prefix(64)).appex-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).part"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ShareActivityError(.writeFailed, "cannot create a file in \(folder): \(SystemErrorText.text(errno))")
        }
        var failure = write(descriptor)
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw ShareActivityError(.writeFailed, "cannot write \(folder)/\(name): \(SystemErrorText.text(failure))")
        }
        var useLink = false
        for number in 1...Self.maximumSuffix {
            let target = folder + "/" + Self.variant(name, number)
            var result: Int32 = 0
            if !useLink {
                result = appex_rename_noreplace(temporary, target)
                // The file system cannot promise no-replace renames: a hard link can.
                useLink = result == EINVAL || result == ENOSYS || result == EOPNOTSUPP
            }
            if useLink {
                result = link(temporary, target) == 0 ? 0 : errno
                if result == 0 { unlink(temporary) }
            }
            if result == 0 { return target }
            if result == EEXIST { continue }
            unlink(temporary)
            throw ShareActivityError(.writeFailed, "cannot save \(target): \(SystemErrorText.text(result))")
        }
        unlink(temporary)
        throw ShareActivityError(.writeFailed, "\(folder) already holds \(name) and \(Self.maximumSuffix - 1) numbered variants")
    }

    /// `name` as one safe file name: no `/` or NUL, not hidden, not `.` or `..`, at most
    /// 200 bytes (room for a suffix and the temporary name); "Untitled" when nothing is left.
    static func sanitized(_ name: String) -> String {
        var clean = String(name.map { $0 == "/" || $0 == "\0" || $0.isNewline ? "-" : $0 })
        clean = clean.trimmingCharacters(in: .whitespaces)
        while clean.hasPrefix(".") { clean.removeFirst() }
        while clean.utf8.count > 200 { clean.removeLast() }
        return clean.isEmpty ? "Untitled" : clean
    }

    /// `name` for the `number`th try: as is, then "stem N.ext".
    static func variant(_ name: String, _ number: Int) -> String {
        guard number > 1 else { return name }
        let ext = (name as NSString).pathExtension
        let stem = ext.isEmpty ? name : String(name.dropLast(ext.count + 1))
        return ext.isEmpty ? "\(stem) \(number)" : "\(stem) \(number).\(ext)"
    }

    /// Writes all of `bytes`; 0 or an errno value.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        guard let base = bytes.baseAddress else { return 0 }
        var offset = 0
        while offset < bytes.count {
            let count = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return errno }
            offset += count
        }
        return 0
    }
}
