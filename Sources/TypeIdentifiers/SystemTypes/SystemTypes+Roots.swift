extension SystemTypes {
    /// The roots of the physical and functional hierarchies, file-system objects and URLs.
    ///
    /// `public.item` roots the physical hierarchy (what a thing is on disk) and
    /// `public.content` the functional one (what the user sees); neither has a parent.
    static let roots: [TypeDeclaration] = [
        TypeDeclaration("public.item", description: "item"),
        TypeDeclaration("public.content", description: "content"),
        TypeDeclaration("public.composite-content", conformsTo: ["public.content"],
                        description: "composite content"),
        TypeDeclaration("public.data", conformsTo: ["public.item"], description: "data"),
        TypeDeclaration("public.directory", conformsTo: ["public.item"], description: "directory"),
        TypeDeclaration("public.folder", conformsTo: ["public.directory"], description: "folder"),
        TypeDeclaration("public.volume", conformsTo: ["public.folder"], description: "volume"),
        TypeDeclaration("com.apple.package", conformsTo: ["public.directory"], description: "package"),
        TypeDeclaration("com.apple.bundle", conformsTo: ["public.directory"], description: "bundle"),
        TypeDeclaration("com.apple.resolvable", description: "resolvable item"),
        TypeDeclaration("public.symlink", conformsTo: ["public.item", "com.apple.resolvable"],
                        description: "symbolic link"),
        TypeDeclaration("com.apple.mount-point", conformsTo: ["public.item", "com.apple.resolvable"],
                        description: "mount point"),
        TypeDeclaration("com.apple.alias-file", conformsTo: ["public.data", "com.apple.resolvable"],
                        description: "alias"),
        TypeDeclaration("com.apple.bookmark", conformsTo: ["public.data", "com.apple.resolvable"],
                        description: "URL bookmark data"),
        TypeDeclaration("public.executable", conformsTo: ["public.item"], description: "executable"),
        TypeDeclaration("public.url", conformsTo: ["public.data"], description: "URL"),
        TypeDeclaration("public.file-url", conformsTo: ["public.url"], description: "file URL"),
    ]
}
