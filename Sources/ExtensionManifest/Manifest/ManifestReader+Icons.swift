import PropertyLists

extension ManifestReader {
    /// The icon file names a bundle declares, in the order a lookup tries them: the names of
    /// `CFBundleIcons.CFBundlePrimaryIcon.CFBundleIconFiles` from the last (the largest, by
    /// Apple's convention) to the first, then `CFBundleIconFile` (the macOS key).
    mutating func readIconFiles(_ dict: PropertyListDictionary) -> [String] {
        var names: [String] = []
        if let icons = counted(dict, "CFBundleIcons") {
            record(icons, "CFBundleIcons")
            if let iconsDict = icons.dictionary {
                if let primary = counted(iconsDict, "CFBundlePrimaryIcon") {
                    let path = "CFBundleIcons.CFBundlePrimaryIcon"
                    if let primaryDict = primary.dictionary {
                        let files = strings(counted(primaryDict, "CFBundleIconFiles"), path: path + ".CFBundleIconFiles")
                        names += files.reversed()
                    } else if primary.string == nil {
                        // A string names an asset catalog's icon set, which has no file to find.
                        report(.bundleWrongType, nil, "\(path) is \(primary.kindDescription), expected a dictionary", at: primary, path: path)
                    }
                }
            } else {
                report(.bundleWrongType, nil, "CFBundleIcons is \(icons.kindDescription), expected a dictionary", at: icons, path: "CFBundleIcons")
            }
        }
        if let file = string(dict, "CFBundleIconFile", path: "") { names.append(file) }
        return names.filter { !$0.isEmpty }
    }
}
