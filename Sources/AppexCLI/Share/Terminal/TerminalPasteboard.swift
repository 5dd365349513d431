import AppexSystem
import AppExtensions
import ExtensionHost
import ExtensionIPC
import Foundation
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// The clipboard as `appex share` on a terminal reaches it: an OSC 52 sequence written to
/// the terminal (which sets the clipboard of the terminal's own desktop, over SSH too),
/// and, when the graphical session has one on `PATH`, a clipboard tool given the text on
/// its standard input: `wl-copy` under Wayland (`WAYLAND_DISPLAY`), else `xclip -selection
/// clipboard` or `xsel --clipboard --input` under X11 (`DISPLAY`).
///
/// The sequence goes to `/dev/tty`, else to standard output when that is a terminal. Setting
/// the string fails only when neither the terminal nor a tool took it. (Inside tmux or
/// screen the sequence needs their clipboard passthrough enabled.)
package enum TerminalPasteboard {
    /// A pasteboard for `environment`.
    package static func make(environment: [String: String] = ProcessInfo.processInfo.environment) -> SharePasteboard {
        SharePasteboard { text in
            let sequence = osc52(text)
            let toTerminal = await Offload.perform { writeToTerminal(sequence) }
            let tool = await Offload.perform { ClipboardTool.find(environment: environment) }
            if let tool {
                try await tool.copy(text, environment: environment)
            } else if !toTerminal {
                throw ShareActivityError(.noClipboard, "no clipboard: no terminal to send OSC 52 to, and none of wl-copy, xclip or xsel for the graphical session")
            }
        }
    }

    /// `ESC ] 52 ; c ; BASE64 BEL`: "set the clipboard to this text".
    package static func osc52(_ text: String) -> String {
        "\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}"
    }

    /// Writes `sequence` to `/dev/tty`, else to standard output if it is a terminal; whether
    /// a terminal took it. Blocks: call it through `Offload`.
    static func writeToTerminal(_ sequence: String) -> Bool {
        let bytes = Array(sequence.utf8)
        let tty = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
        if tty >= 0 {
            defer { close(tty) }
            return bytes.withUnsafeBytes { DurableFile.writeAll($0, to: tty) } == 0
        }
        guard isatty(STDOUT_FILENO) == 1 else { return false }
        Console.current.flush()
        return bytes.withUnsafeBytes { DurableFile.writeAll($0, to: STDOUT_FILENO) } == 0
    }
}
