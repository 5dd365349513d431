import CAppexSystem
import Glibc

/// The system's words for an error number, such as `EPIPE (Broken pipe)`.
enum SystemErrorText {
    /// The symbolic name when glibc knows it, then the description.
    static func text(_ errno: Int32) -> String {
        let description = strerror(errno).map { String(cString: $0) } ?? "error \(errno)"
        if let name = appex_errno_name(errno) {
            return "\(String(cString: name)) (\(description))"
        }
        return description
    }
}
