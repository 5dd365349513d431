import CIBus
import CIBusEngine

/// The C hooks of the engine subclass, calling into the engine's `EngineBridge`.
///
/// The engine object's context is a retained `EngineBridge`, released when the object is
/// destroyed; the factory's context is its unretained `EngineHost`.
enum EngineHooks {
    /// The hooks every engine object of the factory gets.
    static let engine = AppexIBusEngineHooks(
        process_key: { context, _, keyval, keycode, state, invocation in
            guard let context, let invocation else { return }
            let key = InputMethodKey(keyval: keyval, keycode: keycode, state: state)
            bridge(context).processKey(key, invocation: invocation)
        },
        event: { context, event in
            guard let context else { return }
            bridge(context).handle(event)
            if event == APPEX_IBUS_ENGINE_DESTROYED {
                Unmanaged<EngineBridge>.fromOpaque(context).release()
            }
        },
        surrounding_text: { context, text, cursor, anchor in
            guard let context else { return }
            let text = text.map { String(cString: $0) } ?? ""
            bridge(context).surroundingTextChanged(text, cursor: cursor, anchor: anchor)
        },
        content_type: { context, purpose, hints in
            guard let context else { return }
            bridge(context).contentTypeChanged(purpose: purpose, hints: hints)
        },
        cursor_location: { context, x, y, width, height in
            guard let context else { return }
            bridge(context).cursorLocationChanged(CursorLocation(x: Int(x), y: Int(y), width: Int(width), height: Int(height)))
        })

    /// Makes the bridge of a new engine object, retained, or nil to refuse the engine name.
    static let createEngine: AppexIBusCreateEngine = { hostContext, engine, name in
        guard let hostContext, let engine, let name else { return nil }
        let host = Unmanaged<EngineHost>.fromOpaque(hostContext).takeUnretainedValue()
        guard let bridge = host.makeBridge(engine: engine, name: String(cString: name)) else { return nil }
        return Unmanaged.passRetained(bridge).toOpaque()
    }

    /// The bridge whose retained pointer is `context`.
    private static func bridge(_ context: UnsafeMutableRawPointer) -> EngineBridge {
        Unmanaged<EngineBridge>.fromOpaque(context).takeUnretainedValue()
    }
}
