// The component description and the error type are in IBusComponents (no IBus library), so
// that `appex setup` can write a component file without linking libibus; code that serves
// engines sees them here.
@_exported import IBusComponents
