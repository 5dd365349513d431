extension SystemTypes {
    /// Applications, bundles and executables.
    ///
    /// Bundled types are directories: an application bundle conforms to
    /// `com.apple.package`, `com.apple.bundle` and `public.directory`, never to `public.data`.
    static let bundles: [TypeDeclaration] = [
        TypeDeclaration("com.apple.application", conformsTo: ["public.executable"], description: "application"),
        TypeDeclaration("com.apple.application-bundle",
                        conformsTo: ["com.apple.application", "com.apple.bundle", "com.apple.package"],
                        extensions: ["app"], description: "application"),
        TypeDeclaration("com.apple.plugin", conformsTo: ["com.apple.bundle", "com.apple.package"],
                        extensions: ["plugin"], description: "plug-in"),
        TypeDeclaration("com.apple.metadata-importer", conformsTo: ["com.apple.plugin"],
                        extensions: ["mdimporter"], description: "Spotlight importer"),
        TypeDeclaration("com.apple.quicklook-generator", conformsTo: ["com.apple.plugin"],
                        extensions: ["qlgenerator"], description: "Quick Look generator"),
        TypeDeclaration("com.apple.xpc-service", conformsTo: ["com.apple.bundle", "com.apple.package"],
                        extensions: ["xpc"], description: "XPC service"),
        TypeDeclaration("com.apple.application-and-system-extension", conformsTo: ["com.apple.xpc-service"],
                        extensions: ["appex"], description: "app extension"),
        TypeDeclaration("com.apple.framework", conformsTo: ["com.apple.bundle"],
                        extensions: ["framework"], description: "framework"),
        TypeDeclaration("com.apple.systempreference.prefpane", conformsTo: ["com.apple.package", "com.apple.bundle"],
                        extensions: ["prefpane"], description: "System Settings pane"),
        TypeDeclaration("public.unix-executable", conformsTo: ["public.data", "public.executable"],
                        description: "Unix executable"),
        TypeDeclaration("com.microsoft.windows-executable", conformsTo: ["public.data", "public.executable"],
                        extensions: ["exe"],
                        mimeTypes: ["application/x-msdownload", "application/vnd.microsoft.portable-executable"],
                        description: "Windows executable"),
    ]
}
