import ArgumentParser
import Foundation

/// `appex.1`: the manual page, in man(7) roff, generated at run time from the command tree
/// that swift-argument-parser describes (`--experimental-dump-help`), so it always matches
/// the executable that installed it.
///
/// The page has no date, so that generating it twice gives the same bytes (setup compares
/// contents to decide "unchanged").
enum ManualPage {
    /// The page for `AppexCommand`, or `nil` if swift-argument-parser's description cannot be decoded.
    static func appex() -> String? {
        let json = Data(AppexCommand._dumpHelp().utf8)
        guard let tool = try? JSONDecoder().decode(ToolInfo.self, from: json) else { return nil }
        return render(tool.command)
    }

    /// The page for a command tree.
    static func render(_ root: CommandInfo) -> String {
        var lines = [#".TH "\#(escape(root.commandName.uppercased()))" "1" "" "\#(escape(root.commandName))" "User Commands""#,
                     ".nh", ".ad l",
                     ".SH NAME",
                     escape(root.commandName) + " \\- " + escape(root.abstract ?? "")]
        lines += [".SH SYNOPSIS", "\\fB\(escape(root.commandName))\\fR \\fIcommand\\fR [\\fIoptions\\fR]"]
        if let discussion = root.discussion { lines += [".SH DESCRIPTION"] + paragraphs(discussion) }
        lines += [".SH COMMANDS"]
        for (path, command) in commands(root, path: [root.commandName]).dropFirst() {
            lines += section(path: path, command)
        }
        lines += [".SH EXIT STATUS",
                  "0 for success or \\(lqtrue\\(rq, 1 for \\(lqfalse\\(rq, 2 for an error."]
        lines += [".SH SEE ALSO", "\\fB\(escape(root.commandName)) \\fIcommand\\fB \\-\\-help\\fR"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every displayed command under `command`, depth first, with its full path.
    static func commands(_ command: CommandInfo, path: [String]) -> [([String], CommandInfo)] {
        var all = [(path, command)]
        for sub in command.subcommands ?? [] where sub.shouldDisplay != false {
            all += commands(sub, path: path + [sub.commandName])
        }
        return all
    }

    /// One command's subsection: synopsis line, abstract, discussion, its arguments.
    static func section(path: [String], _ command: CommandInfo) -> [String] {
        var lines = [".SS \"" + escape(path.joined(separator: " ")) + "\""]
        if let abstract = command.abstract, !abstract.isEmpty { lines += paragraphs(abstract) }
        if let discussion = command.discussion { lines += paragraphs(discussion) }
        for argument in command.arguments ?? [] where argument.shouldDisplay != false {
            if argument.names?.contains(where: { $0.name == "help" }) == true { continue }
            lines += [".TP", term(argument)]
            let help = [argument.abstract, argument.defaultValue.map { "(default: \($0))" }]
                .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            lines.append(help.isEmpty ? "\\&" : escape(help))
            if let discussion = argument.discussion { lines += paragraphs(discussion).dropFirst() }
        }
        return lines
    }

    /// `\fB\-\-to\fR \fIbundle\-id\fR`, `\fIfiles\fR ...`.
    static func term(_ argument: ArgumentInfo) -> String {
        let value = "\\fI" + escape(argument.valueName ?? "value") + "\\fR"
        let repeated = argument.isRepeating == true ? " ..." : ""
        guard argument.kind != "positional", let names = argument.names, !names.isEmpty else {
            return value + repeated
        }
        let spelled = names.map { "\\fB" + escape($0.spelled) + "\\fR" }.joined(separator: ", ")
        return argument.kind == "option" ? spelled + " " + value + repeated : spelled
    }

    /// Text as roff paragraphs: `.PP` before each blank-line-separated paragraph.
    static func paragraphs(_ text: String) -> [String] {
        text.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
            .flatMap { [".PP"] + $0.split(separator: "\n", omittingEmptySubsequences: true).map { escape(String($0)) } }
    }

    /// Text safe on a roff text line: `\` as `\e`, `-` as `\-`, a leading `.` or `'` behind
    /// `\&`, and every non-ASCII character as `\[uXXXX]` (groff reads the page as Latin-1
    /// unless preconv runs).
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\"": out += "\\(dq"
            case _ where scalar.value < 0x20: out += " "
            case _ where scalar.value > 0x7E:
                out += "\\[u" + String(format: "%04X", scalar.value) + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
