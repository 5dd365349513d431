import Foundation

/// Foundation's `NSLog` for arguments Linux cannot pass as `CVarArg`: objects for `%@`
/// (`NSURL`, `NSDictionary`, an item provider's `NSSecureCoding?` item), as iOS code logs them.
///
/// ```swift
/// NSLog("分享的URL = %@", url)    // url: NSURL — "分享的URL = https://…" on standard error
/// ```
///
/// Calls whose arguments are all `CVarArg`s still go to Foundation's `NSLog`, which is the
/// better match. Here each argument that is not a `CVarArg` is passed as its description
/// (`nil` as `(null)`, as `%@` prints it on Apple platforms).
public func NSLog(_ format: String, _ arguments: Any...) {
    let passed: [any CVarArg] = arguments.map { argument in
        let mirror = Mirror(reflecting: argument)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return "(null)" }
            return (wrapped as? any CVarArg) ?? String(describing: wrapped)
        }
        return (argument as? any CVarArg) ?? String(describing: argument)
    }
    withVaList(passed) { NSLogv(format, $0) }
}
