import ExtensionHost
import FileProviders
import Foundation
import Glibc

/// A request's failure, as the `errno` the program sees.
struct FileSystemFailure: Error {
    let code: Int32
    init(_ code: Int32) { self.code = code }

    /// The `errno` of a provider call's failure (docs/STORAGE-PROVIDERS.md, "Errors"): the
    /// provider's own error by its code, anything else (it crashed, hung, broke the
    /// protocol) `EIO`.
    init(_ error: FileProviderCallError) {
        guard error.code == .providerError, let domain = error.domain, let code = error.providerCode else {
            self.init(EIO)
            return
        }
        switch domain {
        case NSFileProviderError.errorDomain:
            switch NSFileProviderError.Code(rawValue: code) {
            case .notAuthenticated?: self.init(EACCES)
            case .filenameCollision?: self.init(EEXIST)
            case .insufficientQuota?: self.init(EDQUOT)
            case .serverUnreachable?: self.init(EHOSTUNREACH)
            case .noSuchItem?: self.init(ENOENT)
            case .deletionRejected?: self.init(EPERM)
            case .directoryNotEmpty?: self.init(ENOTEMPTY)
            default: self.init(EIO)
            }
        case NSCocoaErrorDomain where code == CocoaError.featureUnsupported.rawValue:
            self.init(EOPNOTSUPP)
        case NSPOSIXErrorDomain where code > 0 && code < 4096:
            self.init(Int32(code))
        default:
            self.init(EIO)
        }
    }
}
