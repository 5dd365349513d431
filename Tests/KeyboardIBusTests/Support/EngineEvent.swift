import KeyboardIBus

/// What a fake engine was told, in order.
enum EngineEvent: Sendable, Equatable {
    case made(String)
    case focusIn, focusOut, reset, enable, disable
    case surrounding(String, cursor: Int, anchor: Int)
    case contentType(InputPurpose, hints: UInt32)
    case key(InputMethodKey)
    case deinitialized
}
