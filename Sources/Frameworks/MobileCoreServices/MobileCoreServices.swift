// MobileCoreServices: the `kUTType…` constants (AppExtensionsCompat's UTTypeConstants).
@_exported import AppExtensionsCompat
@_exported import Foundation
