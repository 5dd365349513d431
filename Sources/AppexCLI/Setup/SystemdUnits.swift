import DeviceLayout
import Foundation

/// The systemd user units that run the transfer service: `appex-transfers.socket` listens
/// where hosts and apps connect, and systemd starts `appex-transfers.service` (`appex
/// transfers serve`, socket-activated through `LISTEN_FDS`) on the first connection.
///
/// Without systemd the service is started on demand by whoever connects first
/// (docs/TRANSFERS.md, "The service"); both ways use the same socket.
enum SystemdUnits {
    /// The socket unit's file name.
    static let socketUnit = "appex-transfers.socket"
    /// The service unit's file name.
    static let serviceUnit = "appex-transfers.service"

    /// The socket unit for `home`'s transfer socket.
    static func socket(home: AppexHome) throws(SetupError) -> String {
        let path = try value(TransferServiceLayout(home: home).socket.path, what: "the transfer socket's path")
        return """
            [Unit]
            Description=Appex background transfers (socket)
            Documentation=man:appex(1)

            [Socket]
            ListenStream=\(path)
            SocketMode=0600
            DirectoryMode=0700

            [Install]
            WantedBy=sockets.target

            """
    }

    /// The service unit: `appex transfers serve --home HOME`, restarted when it fails so
    /// that unfinished transfers carry on.
    static func service(executable: String, home: AppexHome) throws(SetupError) -> String {
        let command = try [executable, "transfers", "serve", "--home", home.root.path].map { word throws(SetupError) in
            try Self.word(word)
        }.joined(separator: " ")
        return """
            [Unit]
            Description=Appex background transfers
            Documentation=man:appex(1)
            Requires=\(socketUnit)
            After=\(socketUnit)

            [Service]
            Type=simple
            ExecStart=\(command)
            Restart=on-failure
            RestartSec=2
            NoNewPrivileges=yes

            """
    }

    /// One word of `ExecStart`: double-quoted when it holds anything but plain path
    /// characters, with `\` and `"` escaped; `%` (specifiers) and `$` (variables) doubled.
    static func word(_ text: String) throws(SetupError) -> String {
        let plain = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+:@,".contains($0)) }
        var word = try value(text, what: "an ExecStart argument").replacingOccurrences(of: "$", with: "$$")
        if !plain {
            word = "\"" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        return word
    }

    /// A value with specifiers escaped, or an error for what no unit line can hold.
    private static func value(_ text: String, what: String) throws(SetupError) -> String {
        if let bad = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            throw SetupError(.unusableExecutable, "\(what) \(text.debugDescription) contains a control character (U+\(String(bad.value, radix: 16, uppercase: true))), which a systemd unit line cannot hold (pass --systemd no)")
        }
        return text.replacingOccurrences(of: "%", with: "%%")
    }
}
