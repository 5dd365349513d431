import PropertyLists
import TypeIdentifiers

extension ManifestReader {
    /// `CFBundleURLTypes[].CFBundleURLSchemes[]`.
    mutating func readURLSchemes(_ dict: PropertyListDictionary) -> [String] {
        guard let node = counted(dict, "CFBundleURLTypes") else { return [] }
        guard let types = node.array else {
            report(.bundleWrongType, nil, "CFBundleURLTypes is \(node.kindDescription), expected an array", at: node, path: "CFBundleURLTypes")
            return []
        }
        var schemes: [String] = []
        for (i, entry) in types.enumerated() {
            let path = "CFBundleURLTypes[\(i)]"
            guard let d = entry.dictionary else {
                report(.bundleWrongType, nil, "\(path) is \(entry.kindDescription), expected a dictionary", at: entry, path: path)
                continue
            }
            guard let list = counted(d, "CFBundleURLSchemes") else { continue }
            guard let items = list.array else {
                report(.bundleWrongType, nil, "\(path).CFBundleURLSchemes is \(list.kindDescription), expected an array of strings",
                       at: list, path: path + ".CFBundleURLSchemes")
                continue
            }
            for (j, s) in items.enumerated() {
                let p = "\(path).CFBundleURLSchemes[\(j)]"
                if let str = s.string { schemes.append(expand(str, node: s, path: p).lowercased()) } else {
                    report(.bundleWrongType, nil, "\(p) is \(s.kindDescription), expected a string", at: s, path: p)
                }
            }
        }
        return schemes
    }

    /// `UTExportedTypeDeclarations` and `UTImportedTypeDeclarations`.
    mutating func readTypeDeclarations(_ dict: PropertyListDictionary) -> [TypeDeclaration] {
        var result: [TypeDeclaration] = []
        let owner = info.identifier ?? "(unknown bundle)"
        let sources: [(String, TypeDeclaration.Origin)] = [
            ("UTExportedTypeDeclarations", .exported(bundleIdentifier: owner)),
            ("UTImportedTypeDeclarations", .imported(bundleIdentifier: owner)),
        ]
        for (key, origin) in sources {
            guard let node = counted(dict, key) else { continue }
            guard let list = node.array else {
                report(.bundleWrongType, nil, "\(key) is \(node.kindDescription), expected an array", at: node, path: key)
                continue
            }
            for (i, entry) in list.enumerated() {
                let path = "\(key)[\(i)]"
                guard let d = entry.dictionary, let id = d["UTTypeIdentifier"]?.string else {
                    report(.bundleWrongType, nil, "\(path) has no UTTypeIdentifier string", at: entry, path: path)
                    continue
                }
                let identifier = expand(id, node: entry, path: path + ".UTTypeIdentifier")
                let conforms = strings(d["UTTypeConformsTo"], path: path + ".UTTypeConformsTo")
                let tags = d["UTTypeTagSpecification"]?.dictionary
                let exts = strings(tags?["public.filename-extension"], path: path + ".UTTypeTagSpecification.public.filename-extension")
                let mimes = strings(tags?["public.mime-type"], path: path + ".UTTypeTagSpecification.public.mime-type")
                result.append(TypeDeclaration(identifier, conformsTo: conforms, extensions: exts,
                                              mimeTypes: mimes, description: d["UTTypeDescription"]?.string, origin: origin))
            }
        }
        return result
    }

    /// A string or an array of strings (Apple accepts both for these keys).
    mutating func strings(_ node: PropertyListNode?, path: String) -> [String] {
        guard let node else { return [] }
        if let s = node.string { return [s] }
        guard let list = node.array else {
            report(.bundleWrongType, nil, "\(path) is \(node.kindDescription), expected a string or an array of strings", at: node, path: path)
            return []
        }
        return list.enumerated().compactMap { i, item in
            if let s = item.string { return s }
            report(.bundleWrongType, nil, "\(path)[\(i)] is \(item.kindDescription), expected a string", at: item, path: "\(path)[\(i)]")
            return nil
        }
    }
}
