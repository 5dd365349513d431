// AppexHome and the container layouts moved to DeviceLayout, which AppGroups shares without
// depending on the host; `import ExtensionHost` keeps offering them.
@_exported import DeviceLayout
