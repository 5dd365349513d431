import Foundation

extension NSURL {
    /// `absoluteString` as iOS declares it, `String?`, for code that unwraps it
    /// (`url.absoluteString!`); Foundation on Linux declares it `String`, which every other
    /// use still gets (this one is disfavoured).
    @_disfavoredOverload
    public var absoluteString: String? {
        (self as URL).absoluteString
    }
}
