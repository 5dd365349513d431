import CAppexSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The system's words for an error number, such as `EPIPE (Broken pipe)`.
package enum SystemErrorText {
    /// The symbolic name when glibc knows it, then the description: `ENOENT (No such file
    /// or directory)`; only the description (`Unknown error 4242`) for a number without a name.
    package static func text(_ errno: Int32) -> String {
        let description = strerror(errno).map { String(cString: $0) } ?? "error \(errno)"
        if let name = appex_errno_name(errno) {
            return "\(String(cString: name)) (\(description))"
        }
        return description
    }
}
