/// The system types as constants, named as in Apple's `UTCoreTypes`.
extension UTType {
    /// `public.item`: the root of the physical hierarchy.
    public static let item = UTType(_system: "public.item")
    /// `public.data`: any bytes.
    public static let data = UTType(_system: "public.data")
}
