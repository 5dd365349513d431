extension CIImage {
    /// The image put through the filter `filterName` with `params` (keys such as
    /// ``kCIInputIntensityKey``; the image itself is the filter's ``kCIInputImageKey``). An
    /// unknown name, key or wrong-typed value gives an empty image whose rendering throws the
    /// reason (a ``CoreImageError``): Apple's signature has no room for a `nil`.
    public func applyingFilter(_ filterName: String, parameters params: [String: Any]) -> CIImage {
        if failure != nil { return self }
        guard let filter = CIFilter(name: filterName) else {
            return .failed(CoreImageError(.unknownFilter, "no filter is named \(filterName)"))
        }
        filter.setValue(self, forKey: kCIInputImageKey)
        for key in params.keys.sorted() {
            filter.setValue(params[key], forKey: key)
        }
        guard let output = filter.outputImage else {
            return .failed(filter.outputImageError ?? CoreImageError(.renderFailed, "\(filterName) made no image"))
        }
        return output
    }

    /// The image put through the filter `filterName` with its default parameters.
    public func applyingFilter(_ filterName: String) -> CIImage {
        applyingFilter(filterName, parameters: [:])
    }
}
