/// The rules for `AppexWebInterfacePage` and the files served beside it: a path relative
/// to the bundle, in plain components, never climbing out.
public enum WebInterfacePath {
    /// Why `path` cannot name a page, or `nil` when it can: relative, no empty, `.` or `..`
    /// component, no backslash or NUL, ending in `.html` or `.htm`.
    public static func problem(_ path: String) -> String? {
        if let problem = componentProblem(path) { return problem }
        let lower = path.lowercased()
        guard lower.hasSuffix(".html") || lower.hasSuffix(".htm") else {
            return "the page must be an .html file"
        }
        return nil
    }

    /// Why `path` cannot name a file inside a folder, or `nil` when it can.
    public static func componentProblem(_ path: String) -> String? {
        if path.isEmpty { return "the path is empty" }
        if path.hasPrefix("/") { return "the path must be relative to the bundle, not absolute" }
        if path.contains("\\") || path.contains("\0") { return "the path holds a backslash or a NUL" }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            if component.isEmpty { return "the path has an empty component" }
            if component == "." || component == ".." { return "the path may not contain '.' or '..'" }
        }
        return nil
    }
}
