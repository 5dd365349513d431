import Foundation

extension NSValue {
    /// UIKit's `NSValue(cgSize:)`, as iOS code passes `NSItemProviderPreferredImageSizeKey`.
    public convenience init(cgSize: CGSize) {
        self.init(size: cgSize)
    }

    /// UIKit's `cgSizeValue`.
    public var cgSizeValue: CGSize { sizeValue }
}
