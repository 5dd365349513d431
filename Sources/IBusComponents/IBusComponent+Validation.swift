/// Checks made before a component is served.
extension IBusComponent {
    /// Throws `.invalidComponent` naming the first empty or repeated name.
    package func validate() throws {
        guard !name.isEmpty else {
            throw IBusError(.invalidComponent, "the component's bus name is empty")
        }
        guard !engines.isEmpty else {
            throw IBusError(.invalidComponent, "component \(name) has no engines")
        }
        var seen: Set<String> = []
        for engine in engines {
            guard !engine.name.isEmpty else {
                throw IBusError(.invalidComponent, "an engine of component \(name) has an empty name")
            }
            guard seen.insert(engine.name).inserted else {
                throw IBusError(.invalidComponent, "component \(name) lists engine \(engine.name) twice")
            }
        }
    }
}
