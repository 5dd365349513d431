import CVips
import Foundation

extension Vips {
    /// What libvips last reported (its error buffer, one line), and the buffer cleared.
    static func takeError() -> String {
        let text = String(cString: vips_error_buffer()).trimmingCharacters(in: .whitespacesAndNewlines)
        vips_error_clear()
        return text.split(separator: "\n").joined(separator: "; ")
    }
}
