/// Writes a program's path as the first word of an `Exec` value, following the Desktop
/// Entry specification's rules ("The Exec key").
///
/// Three layers, applied in this order:
/// 1. Quoting: a path with a reserved character (space, tab, `"`, `'`, `\`, `>`, `<`, `~`,
///    `|`, `&`, `;`, `$`, `*`, `?`, `#`, `(`, `)`, `` ` ``) is put in double quotes, and `"`,
///    `` ` ``, `$` and `\` inside are escaped with a backslash. This is also valid POSIX
///    shell quoting, so readers that split `Exec` with `g_shell_parse_argv` (Nemo,
///    caja-actions) read the same word.
/// 2. The string escape of every key-file value: each backslash is doubled (so a literal
///    backslash in a quoted path is four backslashes in the file, a dollar sign `\\$`).
/// 3. Field codes: `%` is written `%%`.
///
/// `/home/me/my tools/appex` becomes `"/home/me/my tools/appex"`.
enum DesktopExec {
    /// The characters that make quoting necessary.
    static let reserved: Set<Character> = [" ", "\t", "\n", "\"", "'", "\\", ">", "<", "~", "|", "&", ";",
                                           "$", "*", "?", "#", "(", ")", "`"]

    /// The path as the first word of an `Exec` value, or an error when no reader could get
    /// it back: a control character, or `=` (the specification forbids it in the program).
    static func program(_ path: String) throws(SetupError) -> String {
        if let bad = path.unicodeScalars.first(where: { $0.properties.generalCategory == .control || $0 == "=" }) {
            let what = bad == "=" ? "\"=\"" : "a control character (U+\(String(bad.value, radix: 16, uppercase: true)))"
            throw SetupError(.unusableExecutable, "the appex executable's path \(path.debugDescription) contains \(what), which an Exec line cannot hold (pass --executable with another path)")
        }
        var word = path
        if path.contains(where: reserved.contains) {
            var quoted = "\""
            for character in path {
                if character == "\"" || character == "`" || character == "$" || character == "\\" { quoted.append("\\") }
                quoted.append(character)
            }
            word = quoted + "\""
        }
        return word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "%%")
    }
}
