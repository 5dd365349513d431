import SystemSupport

/// ``SystemSupport/Offload`` under this module's name, where extensions and hosts have
/// always found it: blocking work on Dispatch's overcommitting pool.
public typealias Offload = SystemSupport.Offload
