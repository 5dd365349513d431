import CIBus

/// libibus's `IBusComponents.IBusComponent` for a component, built from its fields.
///
/// Built property by property (`g_object_new_with_properties`) rather than from `xml()`:
/// IBus's XML reader leaves empty or absent elements NULL, and serializing a NULL string
/// fails, whereas here an empty value stays "".
enum ComponentDescription {
    /// A new, owned `IBusComponents.IBusComponent`; unref it when done.
    static func make(_ component: IBusComponents.IBusComponent) -> UnsafeMutablePointer<CIBus.IBusComponent> {
        let description = ibus_component_new(component.name, component.description, component.version,
                                             component.license, component.author, component.homepage,
                                             component.exec, component.textdomain)!
        g_object_ref_sink(description)
        for engine in component.engines {
            var strings = [("name", engine.name), ("longname", engine.longName),
                           ("description", engine.description), ("language", engine.language),
                           ("license", component.license), ("author", component.author),
                           ("layout", engine.layout)]
            if !engine.icon.isEmpty { strings.append(("icon", engine.icon)) }
            let desc = newObject(ibus_engine_desc_get_type(), strings: strings,
                                 unsigned: [("rank", UInt32(clamping: max(engine.rank, 0)))])
            // Takes the floating reference.
            ibus_component_add_engine(description, desc.assumingMemoryBound(to: IBusEngineDesc.self))
        }
        return description
    }

    /// `g_object_new_with_properties` for string and unsigned properties.
    private static func newObject(_ type: GType, strings: [(String, String)],
                                  unsigned: [(String, UInt32)]) -> UnsafeMutableRawPointer {
        var values = [GValue](repeating: GValue(), count: strings.count + unsigned.count)
        for (index, (_, value)) in strings.enumerated() {
            g_value_init(&values[index], gTypeString)
            g_value_set_string(&values[index], value)
        }
        for (offset, (_, value)) in unsigned.enumerated() {
            g_value_init(&values[strings.count + offset], gTypeUInt)
            g_value_set_uint(&values[strings.count + offset], value)
        }
        let names = (strings.map(\.0) + unsigned.map(\.0)).map { strdup($0) }
        defer {
            names.forEach { free($0) }
            for index in values.indices { g_value_unset(&values[index]) }
        }
        var constNames = names.map { UnsafePointer($0) }
        return UnsafeMutableRawPointer(g_object_new_with_properties(type, guint(values.count), &constNames, values)!)
    }

    /// `G_TYPE_STRING` and `G_TYPE_UINT`: fundamental types 16 and 7, shifted by
    /// `G_TYPE_FUNDAMENTAL_SHIFT` (macros Swift does not import).
    private static let gTypeString = GType(16 << 2)
    private static let gTypeUInt = GType(7 << 2)
}
