import CIBus

/// The message of a GError, which it frees.
enum GLibError {
    /// `error`'s message, or "unknown error" for nil; frees `error`.
    static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}
