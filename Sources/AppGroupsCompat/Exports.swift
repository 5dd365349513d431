// AppGroups comes with the compat names: `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`
// (Apple's name and meaning, resolved through the containers the host gives the process) and
// SharedDefaults, which NSUserDefaults stores in.
@_exported import AppGroups
