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
/// `link(2)` and then removing the temporary name; the folder is flushed after. The
/// durable steps are ``DurableFile``'s, as every durable write in Appex. A name already taken gets " 2", " 3", …
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
        try place(name) { output, path throws(DurableFile.Failure) in
            let number = data.withUnsafeBytes { DurableFile.writeAll($0, to: output) }
            if number != 0 { throw DurableFile.Failure(.fileSystem, "cannot write \(path): \(SystemErrorText.text(number))") }
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
        return try place(name) { output, path throws(DurableFile.Failure) in
            _ = try DurableFile.copyContents(of: input, named: source, to: output, path)
        }
    }

    /// Writes a hidden temporary file with `write` (``DurableFile/create(_:mode:fill:)``:
    /// flushed), then gives it the first free variant of `name`, never replacing a file
    /// (``DurableFile/placeWithoutReplacing(_:atFirstOf:)``, which flushes the folder).
    private func place(_ name: String, _ write: (Int32, String) throws(DurableFile.Failure) -> Void) throws(ShareActivityError) -> String {
        let name = Self.sanitized(name)
        let temporary = folder + "/.\(name.prefix(64)).appex-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).part"
        do throws(DurableFile.Failure) {
            try DurableFile.create(temporary, mode: 0o644, fill: write)
        } catch {
            throw ShareActivityError(.writeFailed, "cannot write \(folder)/\(name): \(error.message)")
        }
        let placed: String?
        do throws(DurableFile.Failure) {
            placed = try DurableFile.placeWithoutReplacing(temporary, atFirstOf: (1...Self.maximumSuffix).lazy.map { folder + "/" + Self.variant(name, $0) })
        } catch {
            unlink(temporary)
            throw ShareActivityError(.writeFailed, error.message)
        }
        guard let placed else {
            unlink(temporary)
            throw ShareActivityError(.writeFailed, "\(folder) already holds \(name) and \(Self.maximumSuffix - 1) numbered variants")
        }
        return placed
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
}
