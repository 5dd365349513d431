import DeviceLayout
import ExtensionUI
import Foundation
import SystemSupport

/// The fixture as a custom keyboard (its Info.plist's point is `com.apple.keyboard-service`):
/// a key per letter a–z, "⌫", "space" and "return", and keys whose titles are symbols for
/// what the host's tests need:
///
/// - "^" types what it knows of the document: `[before|after]` (`documentContextBeforeInput`
///   and `documentContextAfterInput`), and how many times the app's changes were announced;
/// - "*" marks "mark" as the composition, "=" commits it (`unmarkText`);
/// - "<" moves the insertion point back one character;
/// - "@" connects to `APPEX_FIXTURE_CONNECT` (host:port on loopback) and types
///   `net:ok` or `net:` and the error (the network without open access);
/// - "#" writes a file into its app group and types `group:ok` or `group:` and the error;
/// - "!" crashes (a real invalid memory access); "~" hangs the main actor for good;
/// - "%" types `full:` and `hasFullAccess`; "&" types the lexicon's first entry;
/// - "$" types what its proxy held when its view loaded: `{before|after}` (the field the host
///   gave it in its request).
final class FixtureKeyboard: UIInputViewController {
    private var announcements = 0
    private var initial = ""

    override func viewDidLoad() {
        super.viewDidLoad()
        initial = "{\(textDocumentProxy.documentContextBeforeInput ?? "nil")|\(textDocumentProxy.documentContextAfterInput ?? "nil")}"
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        let rows = [Array(letters[0..<13]), Array(letters[13...]), ["⌫", "space", "return", "^", "*", "=", "<", "@", "#", "!", "~", "%", "&", "$"]]
        let stack = UIStackView(arrangedSubviews: rows.map { titles in
            UIStackView(arrangedSubviews: titles.map(key))
        })
        stack.axis = .vertical
        view.addSubview(stack)
    }

    override func textDidChange(_ textInput: (any UITextInput)?) {
        announcements += 1
    }

    override func selectionDidChange(_ textInput: (any UITextInput)?) {
        announcements += 1
    }

    private func key(_ title: String) -> UIButton {
        let button = UIButton(type: .system)
        button.setTitle(title, for: .normal)
        button.addAction(UIAction { [unowned self] _ in type(title) }, for: .touchUpInside)
        return button
    }

    private func type(_ title: String) {
        let proxy = textDocumentProxy
        switch title {
        case "⌫": proxy.deleteBackward()
        case "space": proxy.insertText(" ")
        case "return": proxy.insertText("\n")
        case "^": proxy.insertText("[\(proxy.documentContextBeforeInput ?? "nil")|\(proxy.documentContextAfterInput ?? "nil")|\(announcements)]")
        case "*": proxy.setMarkedText("mark", selectedRange: NSRange(location: 4, length: 0))
        case "=": proxy.unmarkText()
        case "<": proxy.adjustTextPosition(byCharacterOffset: -1)
        case "@": proxy.insertText("net:" + Self.connect(ProcessInfo.processInfo.environment["APPEX_FIXTURE_CONNECT"] ?? "127.0.0.1:9"))
        case "#": proxy.insertText("group:" + Self.writeToGroup())
        case "!": Self.crash()
        case "~": while true { sleep(3600) }
        case "%": proxy.insertText("full:\(hasFullAccess)")
        case "$": proxy.insertText(initial)
        case "&":
            requestSupplementaryLexicon { lexicon in
                let first = lexicon.entries.first
                proxy.insertText("lexicon:\(lexicon.entries.count):\(first?.userInput ?? "")=\(first?.documentText ?? "")")
            }
        default: proxy.insertText(title)
        }
    }

    /// Connects to `address` (`host:port`, IPv4): `ok`, or what the kernel said.
    private static func connect(_ address: String) -> String {
        let parts = address.split(separator: ":")
        guard parts.count == 2, let port = UInt16(parts[1]) else { return "bad address \(address)" }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return SystemErrorText.text(errno) }
        defer { close(fd) }
        var sin = sockaddr_in()
        sin.sin_family = sa_family_t(AF_INET)
        sin.sin_port = port.bigEndian
        inet_pton(AF_INET, String(parts[0]), &sin.sin_addr)
        let result = withUnsafePointer(to: &sin) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return result == 0 ? "ok" : SystemErrorText.text(errno)
    }

    /// Writes a file into its app group's container: `ok`, or what went wrong.
    private static func writeToGroup() -> String {
        let text = ProcessInfo.processInfo.environment[AppGroupContainersEnvironment.environmentVariable] ?? "{}"
        // The test reads what this types: a variable that does not decode is "no group" there.
        guard let folder = (try? AppGroupContainersEnvironment.decode(text))?.values.sorted().first else { return "no group" }
        let fd = open(folder + "/keyboard-wrote", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return SystemErrorText.text(errno) }
        close(fd)
        return "ok"
    }

    private static func crash() {
        let pointer = UnsafeMutablePointer<Int>(bitPattern: 8)
        pointer?.pointee = 1
    }
}
